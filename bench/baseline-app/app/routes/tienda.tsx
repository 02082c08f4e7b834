import { useLoaderData } from "react-router";

// The same 24 product cards as the site's first shop page (name, description, picture with its
// widths, sale badge, sold-out overlay, buy button), from memory.
const PRODUCTS = Array.from({ length: 24 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Café típico número ${i}`,
  description: `Producto latino de prueba ${i}: hecho en Nicaragua con ingredientes y materiales de la región, ideal para regalar.`,
  imageUrl: `/files/product-images/public/1700000000${i % 8}-bench${i % 8}.webp`,
  isOnSale: i % 7 === 0,
  saleInfo: i % 14 === 0 ? "2x1" : null,
  fontFamily: ["Inter", "Poppins", "Georgia", "Roboto"][i % 4],
  stockQuantity: i % 10 === 0 ? 0 : 1 + (i % 30),
}));

export function loader() {
  return { products: PRODUCTS };
}

export function meta() {
  return [{ title: "Nuestra Tienda" }];
}

const srcSet = (url: string) =>
  [320, 480, 640].map((w) => `${url.replace(/\.webp$/, `-${w}w.webp`)} ${w}w`).join(", ");

export default function Tienda() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Nuestra Tienda</h1>
      <ul className="grid">
        {products.map((p) => (
          <li key={p.id}>
            <article className="card" style={{ fontFamily: `"${p.fontFamily}", sans-serif` }}>
              <div className="photo">
                <img
                  src={p.imageUrl}
                  srcSet={srcSet(p.imageUrl)}
                  sizes="296px"
                  width={800}
                  height={800}
                  alt={p.name}
                  loading="lazy"
                />
                {p.isOnSale && p.stockQuantity > 0 && <span className="badge">{p.saleInfo || "Oferta"}</span>}
                {p.stockQuantity <= 0 && <span className="sold-out">Agotado</span>}
              </div>
              <h2>{p.name}</h2>
              <p>{p.description}</p>
              <button type="button" disabled={p.stockQuantity <= 0}>
                Añadir al Carrito
              </button>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
