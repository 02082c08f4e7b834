import { CheckCircle2, Clock } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { SiteText } from "~/lib/site";

const INCLUDED = [
  "El precio del producto en la tienda",
  "Nuestra comisión de compra",
  "El envío internacional hasta tu país",
  "La entrega en tu dirección",
];

/** What a quote covers and when we answer: what a visitor wants to know before sending. */
export function QuoteAside({ text }: { text: SiteText }) {
  return (
    <div className="grid gap-5">
      <Card className="p-6">
        <h2 className="text-lg font-semibold">¿Qué incluye tu cotización?</h2>
        <ul className="mt-4 grid gap-3 text-sm">
          {INCLUDED.map((item) => (
            <li key={item} className="flex gap-3">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {item}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">Sin compromiso: tú decides si compramos.</p>
      </Card>
      <Card className="p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Clock aria-hidden="true" className="size-5 text-primary" />
          Horario de respuesta
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">Lunes a Viernes</dt>
          <dd className="text-muted-foreground">{text.businessHoursWeekday}</dd>
          <dt className="font-medium">Sábado</dt>
          <dd className="text-muted-foreground">{text.businessHoursSaturday}</dd>
          <dt className="font-medium">Domingo</dt>
          <dd className="text-muted-foreground">{text.businessHoursSunday}</dd>
        </dl>
      </Card>
    </div>
  );
}
