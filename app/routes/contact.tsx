import { Mail } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { ContactForm } from "~/components/pages/contact/contact-form";
import { ContactInfo } from "~/components/pages/contact/contact-info";
import { MapCard } from "~/components/pages/contact/map-card";
import { localBusinessJsonLd } from "~/components/pages/local-business";
import { useSite } from "~/components/pages/use-site";
import { pageMeta, siteFromRoot } from "~/lib/meta";
import type { Route } from "./+types/contact";

export function loader({ context }: Route.LoaderArgs) {
  // The structured data needs absolute URLs.
  return { origin: context.publicOrigin };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0]?.loaderData;
  const { text, siteName } = siteFromRoot(root);
  return [
    ...pageMeta(root, {
      title: text.contactTitle,
      description: `${text.contactDescription} ${text.contactAddress} · ${text.contactPhone}`,
      path: "/contact",
    }),
    { "script:ld+json": localBusinessJsonLd(text, siteName, loaderData?.origin ?? "") },
  ];
};

export default function ContactPage() {
  const { text } = useSite();
  return (
    <>
      <PageHeader title={text.contactTitle} subtitle={text.contactDescription} icon={Mail} />
      <section aria-label="Formas de contacto" className="px-4 py-12 sm:px-6 md:py-16">
        <div className="mx-auto grid max-w-6xl items-start gap-8 lg:grid-cols-[1fr_1.15fr]">
          <div className="grid gap-6">
            <ContactInfo text={text} />
            <MapCard address={text.contactAddress} />
          </div>
          <ContactForm to={text.contactEmail} />
        </div>
      </section>
    </>
  );
}
