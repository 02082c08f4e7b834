import { Mail } from "lucide-react";
import { deliverContactMessage } from "~/.server/chat/contact-form";
import { shopNoticesFrom } from "~/.server/chat/shop-notices";
import { dispatchIntent, intentsWith, readForm } from "~/.server/http/intents";
import { PageHeader } from "~/components/page-header";
import { CONTACT_EMAIL_INVALID } from "~/lib/contact-fields";
import { contactFormSchema } from "~/lib/contact-forms";
import { localBusinessJsonLd } from "~/lib/local-business";
import { pageMeta, siteFromRoot } from "~/lib/meta";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/route";
import { CONTACT_INCOMPLETE, ContactForm, REQUIRED_FIELD } from "./contact-form";
import { ContactInfo } from "./contact-info";
import { MapCard } from "./map-card";

export function loader({ context }: Route.LoaderArgs) {
  // The structured data needs absolute URLs.
  return { origin: context.publicOrigin };
}

const intent = intentsWith<ToastMessage>();

/**
 * The message goes into the staff inbox (the mail app may not exist on the visitor's phone). A
 * post made before the page's scripts run, or without them, is answered with the page showing
 * this reply (contact-form.tsx); with scripts, the form sends it in the background.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, bus, logger } = context.services;
  return dispatchIntent(
    await readForm(request),
    {
      contact: intent({
        schema: contactFormSchema,
        run: (v) =>
          deliverContactMessage({ db, bus, notices: shopNoticesFrom(context.services) }, v, {
            ip: context.clientIp,
          }),
        done: () => ({
          title: "Mensaje recibido",
          description: "Tu mensaje también llegó a nuestro equipo.",
        }),
        // The same summary as the page's own check, for a post made without scripts.
        invalid: (errors) => {
          const all = Object.values(errors).flatMap((e) => e ?? []);
          if (all.includes(REQUIRED_FIELD)) return errorToast(CONTACT_INCOMPLETE, "Campos incompletos");
          if (errors.email?.[0] === CONTACT_EMAIL_INVALID)
            return errorToast(CONTACT_EMAIL_INVALID, "Email inválido");
          return errorToast(all[0] ?? "Revisa los campos marcados.", "Revisa el formulario");
        },
        failed: (e) =>
          errorToast(
            e?.kind === "rate_limited"
              ? "Has enviado varios mensajes seguidos. Inténtalo más tarde o escríbenos por WhatsApp."
              : "No se pudo guardar tu mensaje. Envíalo por correo o escríbenos por WhatsApp.",
          ),
      }),
    },
    { logger, unknownIntent: errorToast("Acción desconocida.") },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData;
  const { text, contact, siteName } = siteFromRoot(root);
  return [
    ...pageMeta(root, {
      title: text.contactTitle,
      description: `${text.contactDescription} ${text.contactAddress} · ${contact.phoneDisplay}`,
      path: "/contact",
    }),
    {
      "script:ld+json": localBusinessJsonLd(
        text,
        siteName,
        loaderData?.origin ?? "",
        undefined,
        root?.schedule.specialDates,
      ),
    },
  ];
};

export default function ContactPage({ actionData, matches }: Route.ComponentProps) {
  const { text, contact } = useSite();
  const root = matches[0]?.loaderData;
  return (
    <>
      <PageHeader title={text.contactTitle} subtitle={text.contactDescription} icon={Mail} />
      <section aria-label="Formas de contacto" className="px-4 py-12 sm:px-6 md:py-16">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
          <div className="grid min-w-0 gap-6">
            <ContactInfo
              text={text}
              contact={contact}
              special={
                root
                  ? { dates: root.schedule.specialDates, today: root.schedule.today, timeZone: root.timeZone }
                  : undefined
              }
            />
            <MapCard address={text.contactAddress} />
          </div>
          <ContactForm to={text.contactEmail} reply={actionData} />
        </div>
      </section>
    </>
  );
}
