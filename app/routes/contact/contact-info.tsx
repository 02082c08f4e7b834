import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type * as React from "react";
import { SpecialHours, type SpecialHoursProps } from "~/components/shell/special-hours";
import { Card } from "~/components/ui/card";
import { waMeHref } from "~/lib/phone-links";
import type { SiteContact, SiteText } from "~/lib/site";

function Row({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Mail;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold">{label}</h3>
        <div className="text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

const link = "font-medium text-primary underline-offset-2 hover:underline [overflow-wrap:anywhere]";

/**
 * Address, phone, e-mail and opening hours, all from site text (docs/product.md §2.8), with the
 * special dates of /admin/avisos under the weekly hours.
 */
export function ContactInfo({
  text,
  contact,
  special,
}: {
  text: SiteText;
  contact: SiteContact;
  special?: Pick<SpecialHoursProps, "dates" | "today" | "timeZone">;
}) {
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-semibold">Información de Contacto</h2>
      <ul className="mt-6 grid gap-5">
        <Row icon={MapPin} label="Dirección">
          <address className="not-italic">{text.contactAddress}</address>
        </Row>
        <Row icon={Phone} label="Teléfono">
          <a href={contact.phoneHref} className={link}>
            {contact.phoneDisplay}
          </a>
        </Row>
        <Row icon={Mail} label="Email">
          <a href={`mailto:${text.contactEmail}`} className={link}>
            {text.contactEmail}
          </a>
        </Row>
        <Row icon={MessageCircle} label="WhatsApp">
          <a
            href={waMeHref(contact.whatsapp, "Hola, quiero hacer una consulta.")}
            target="_blank"
            rel="noopener noreferrer"
            className={link}
          >
            Escríbenos por WhatsApp<span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </Row>
        <Row icon={Clock} label="Horario de Atención">
          <span className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <span className="font-medium text-foreground">Lunes a Viernes</span>
            <span>{text.businessHoursWeekday}</span>
            <span className="font-medium text-foreground">Sábado</span>
            <span>{text.businessHoursSaturday}</span>
            <span className="font-medium text-foreground">Domingo</span>
            <span>{text.businessHoursSunday}</span>
          </span>
          {special ? (
            <div className="mt-3">
              <SpecialHours {...special} tone="light" max={6} />
            </div>
          ) : null}
        </Row>
      </ul>
    </Card>
  );
}
