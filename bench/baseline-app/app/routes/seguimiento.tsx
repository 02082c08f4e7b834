import { useLoaderData } from "react-router";

// A tracking page for one order from memory: number, status, steps, customer and address.
export function loader({ request }: { request: Request }) {
  const numero = new URL(request.url).searchParams.get("numero") ?? "";
  return {
    order: {
      trackingNumber: numero,
      customerName: "Cliente 42",
      customerAddress: "Managua, Nicaragua",
      description: "Caja 42",
      total: "$42.00",
      status: "enviando",
      steps: ["En el local", "Enviando", "En reparto", "Entregado"],
      updatedAt: new Date().toISOString(),
    },
  };
}

export function meta() {
  return [{ title: "Seguimiento de Pedido" }];
}

export default function Seguimiento() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Seguimiento de Pedido</h1>
      <form method="get">
        <input name="numero" defaultValue={order.trackingNumber} aria-label="Número de seguimiento" />
        <button type="submit">Buscar</button>
      </form>
      <section>
        <h2>{order.trackingNumber}</h2>
        <p>{order.customerName}</p>
        <p>{order.customerAddress}</p>
        <p>
          {order.description} · {order.total}
        </p>
        <ol>
          {order.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <time dateTime={order.updatedAt}>{order.updatedAt}</time>
      </section>
    </main>
  );
}
