import {
  Clock,
  Lock,
  Mail,
  MapPin,
  MessageCircle,
  Package,
  Phone,
  Plane,
  ShoppingCart,
  Truck,
} from "lucide-react";
import { Link } from "react-router";
import { waMeHref } from "~/lib/phone-links";
import type { SiteContact, SiteText } from "~/lib/site";
import { ALL_LINKS } from "./nav-links";
import { SpecialHours, type SpecialHoursProps } from "./special-hours";

export type SiteFooterProps = {
  siteName: string;
  text: SiteText;
  /** The shop's numbers: the phone and WhatsApp links derive from them (docs/product.md §4.9). */
  contact: SiteContact;
  /** Passed in so server and browser render the same year. */
  year: number;
  /** The special dates (/admin/avisos) under the weekly hours. */
  special?: Pick<SpecialHoursProps, "dates" | "today" | "timeZone">;
};

// Icons instead of emoji: cheap phones often lack a colour emoji font.
const PROMOS = [
  { icon: Truck, text: "Envíos desde Estados Unidos a Costa Rica y Nicaragua" },
  { icon: Package, text: "Encomiendas familiares con seguimiento" },
  { icon: ShoppingCart, text: "Compramos por ti en tiendas de EE. UU." },
  { icon: Plane, text: "Envíos aéreos express a Centroamérica" },
  { icon: Lock, text: "Paquetes seguros de Miami hasta tu puerta" },
];

function PromoCopy({ hidden }: { hidden?: boolean }) {
  return (
    <p aria-hidden={hidden || undefined} className="flex shrink-0 items-center whitespace-nowrap">
      {PROMOS.map(({ icon: Icon, text }) => (
        <span key={text} className="flex items-center">
          <span className="flex items-center gap-2 px-6">
            <Icon aria-hidden="true" className="size-4 text-accent" />
            {text}
          </span>
          <span aria-hidden="true" className="text-accent">
            ·
          </span>
        </span>
      ))}
    </p>
  );
}

/** Promotional marquee (one loop = 40 s): two identical copies scroll by half the track. */
function PromoMarquee() {
  return (
    <div className="marquee overflow-hidden bg-primary py-2.5 text-sm font-medium text-primary-foreground">
      <div className="marquee-track flex w-max">
        <PromoCopy />
        <PromoCopy hidden />
      </div>
    </div>
  );
}

const headingClass = "mb-4 font-heading text-sm font-semibold tracking-wide text-accent uppercase";
const linkClass =
  "inline-flex min-h-11 items-center text-white/80 transition-colors hover:text-white md:min-h-8";

export function SiteFooter({ siteName, text, contact, year, special }: SiteFooterProps) {
  return (
    <footer className="mt-auto bg-foreground text-white/80 [--focus-ring:hsl(var(--accent))]">
      <PromoMarquee />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="font-heading text-xl font-bold text-white">{siteName}</p>
          <p className="mt-3 text-sm leading-relaxed">{text.footerText}</p>
        </div>
        <nav aria-label="Enlaces del pie de página">
          <h2 className={headingClass}>Navegación</h2>
          <ul className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-1">
            {ALL_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Contacto</h2>
          <ul className="grid gap-2 text-sm">
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <address className="not-italic">{text.contactAddress}</address>
            </li>
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <a href={contact.phoneHref} className={linkClass}>
                {contact.phoneDisplay}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <MessageCircle aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <a
                href={waMeHref(contact.whatsapp, "Hola, quiero hacer una consulta.")}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                WhatsApp{contact.sameNumber ? "" : ` ${contact.whatsappDisplay ?? ""}`}
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <a href={`mailto:${text.contactEmail}`} className={`${linkClass} break-all`}>
                {text.contactEmail}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={headingClass}>Horario</h2>
          <dl className="grid gap-2 text-sm">
            {[
              ["Lunes a Viernes", text.businessHoursWeekday],
              ["Sábado", text.businessHoursSaturday],
              ["Domingo", text.businessHoursSunday],
            ].map(([day, hours]) => (
              // A <dl> group may hold only <dt>/<dd> (axe 'definition-list'): the icon sits inside the <dt>.
              <div key={day} className="relative pl-7">
                <dt className="font-medium text-white">
                  <Clock aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-accent" />
                  {day}
                </dt>
                <dd>{hours}</dd>
              </div>
            ))}
          </dl>
          {special ? (
            <div className="mt-4">
              <SpecialHours {...special} tone="dark" />
            </div>
          ) : null}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 pb-24 text-center text-xs text-white/70 sm:px-6 md:pb-5">
          © {year} {siteName}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
