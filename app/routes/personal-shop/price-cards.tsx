import { Percent, Scale } from "lucide-react";
import { Card } from "~/components/ui/card";
import { formatPercent, personalShopTotal } from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";
import { useSite } from "~/lib/use-site";

/** A purchase of $100 weighing 2 pounds. */
const EXAMPLE = { purchaseCents: 10_000, pounds: 2 };

/**
 * The two prices of docs/product.md §2.5 and a worked example, so the total holds no surprises. Bold text
 * is semibold: a 700 weight of the body font would be one more font file to download.
 */
export function PriceCards() {
  const { prices } = useSite();
  const ex = personalShopTotal(prices, EXAMPLE.purchaseCents, EXAMPLE.pounds);
  const cards = [
    {
      icon: Percent,
      title: "Comisión de Servicio",
      price: formatPercent(prices.commissionBasisPoints),
      unit: "sobre el total de la compra",
      text: "Incluye la búsqueda, la compra con nuestras cuentas de EE. UU. y la revisión de tu pedido.",
    },
    {
      icon: Scale,
      title: "Envío Internacional",
      price: formatDollars(prices.pricePerPoundCents),
      unit: "por libra",
      text: "Desde Miami hasta tu país, con seguimiento de tu paquete en cada paso.",
    },
  ];
  return (
    <div>
      <ul className="grid gap-5 md:grid-cols-2">
        {cards.map((c) => (
          <li key={c.title}>
            <Card className="h-full border-primary/30 p-6 text-center sm:p-8">
              <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent/25 text-foreground">
                <c.icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{c.title}</h3>
              <p className="mt-3">
                <span className="font-heading text-5xl font-bold text-primary">{c.price}</span>
                <span className="mt-1 block text-sm font-medium text-muted-foreground">{c.unit}</span>
              </p>
              <p className="mt-4 text-sm text-muted-foreground">{c.text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-6 max-w-2xl rounded-xl bg-accent/15 px-4 py-3 text-center text-sm">
        <strong className="font-semibold">Ejemplo:</strong> una compra de{" "}
        {formatDollars(EXAMPLE.purchaseCents)} que pesa {EXAMPLE.pounds} libras:{" "}
        {formatDollars(EXAMPLE.purchaseCents)} + {formatDollars(ex.commission)} de comisión +{" "}
        {formatDollars(ex.shipping)} de envío ={" "}
        <strong className="font-semibold">{formatDollars(ex.total)}</strong>.
      </p>
    </div>
  );
}
