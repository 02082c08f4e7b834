import { getFormProps, getInputProps, parse, useForm } from "@conform-to/react";
import { ExternalLink, Send } from "lucide-react";
import type * as React from "react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { whenPageIdle } from "~/lib/idle";
import { extractProductLink, isProductLink, type Marketplace, QUOTE_MARKETPLACES } from "~/lib/marketplaces";
import { errorToast, notify } from "~/lib/toast";

// The dialog's code is fetched once the page is idle, not with the first paint.
const loadDialog = () => import("./quote-dialog");
const QuoteDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuoteDialog })));

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-heading font-bold text-primary-foreground"
      >
        {n}
      </span>
      <div className="pt-1">
        <h3 className="font-semibold">
          <span className="sr-only">Paso {n}: </span>
          {title}
        </h3>
        <div className="mt-1 text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

type StorePanelProps = {
  store: Marketplace;
  value: string;
  onChange: (value: string) => void;
  onQuote: (link: string) => void;
};

const EMPTY_LINK = "Por favor, pega el enlace del producto que deseas cotizar.";
const EMPTY_LINK_FIELD = "Pega aquí el enlace del producto.";
const NOT_A_LINK = "Esto no es un enlace. Copia el enlace completo del producto (empieza por https://).";

function StorePanel({ store, value, onChange, onQuote }: StorePanelProps) {
  // Conform with our own check instead of the browser's bubble, so the message is the spec's.
  const [form, fields] = useForm<{ link: string }>({
    id: `enlace-${store.id}`,
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parse(formData, {
        resolve: ({ link }) => {
          if (typeof link !== "string" || !link.trim()) return { error: { link: [EMPTY_LINK_FIELD] } };
          return isProductLink(link) ? { value: { link } } : { error: { link: [NOT_A_LINK] } };
        },
      });
      if (submission.status === "error") {
        const empty = submission.error?.link?.[0] === EMPTY_LINK_FIELD;
        notify(empty ? errorToast(EMPTY_LINK, "Enlace Vacío") : errorToast(NOT_A_LINK, "Enlace inválido"));
      }
      return submission;
    },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") onQuote(extractProductLink(submission.value.link));
    },
  });
  const link = fields.link;
  return (
    <Card className="p-5 sm:p-8">
      <ol className="grid gap-6">
        <Step n={1} title={`Visita ${store.name}`}>
          Busca el producto que deseas en{" "}
          <a
            href={store.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
          >
            {store.name}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(se abre en una pestaña nueva)</span>
          </a>
          .
        </Step>
        <Step n={2} title="Copia el enlace">
          Copia la dirección de la página del producto o usa el botón «Compartir» y elige «Copiar enlace».
        </Step>
        <Step n={3} title="Pega el enlace y solicita tu cotización">
          Pégalo aquí abajo y envíanoslo por WhatsApp. Te respondemos con el precio puesto en tu país.
        </Step>
      </ol>
      <form {...getFormProps(form)} className="mt-8 grid gap-3 border-t pt-6">
        <Label htmlFor={link.id}>Enlace del producto en {store.name}</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            {...getInputProps(link, { type: "url", value: false })}
            inputMode="url"
            required
            autoComplete="off"
            placeholder={`${store.url}/...`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <Button type="submit" className="sm:w-auto">
            <Send aria-hidden="true" />
            Solicitar Cotización
          </Button>
        </div>
        <FieldError id={link.errorId} errors={link.errors} />
      </form>
    </Card>
  );
}

/** The two marketplace tabs of /tienda-externa (docs/product.md §2.4) and the confirmation dialog. */
export function QuoteTabs({ whatsapp }: { whatsapp: string | null }) {
  const first = QUOTE_MARKETPLACES[0];
  const [active, setActive] = useState(first?.id ?? "");
  const [values, setValues] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<{ link: string; store: Marketplace } | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  useEffect(() => whenPageIdle(() => void loadDialog()), []);
  return (
    <>
      <Tabs value={active} onValueChange={setActive}>
        <TabsList aria-label="Tiendas" className="mx-auto">
          {QUOTE_MARKETPLACES.map((s) => (
            <TabsTrigger key={s.id} value={s.id} className="flex-1 px-6 text-base sm:flex-none">
              {s.name}
            </TabsTrigger>
          ))}
        </TabsList>
        {QUOTE_MARKETPLACES.map((s) => (
          <TabsContent key={s.id} value={s.id}>
            <StorePanel
              store={s}
              value={values[s.id] ?? ""}
              onChange={(v) => setValues((all) => ({ ...all, [s.id]: v }))}
              onQuote={(link) => {
                setDialogWanted(true);
                setQuote({ link, store: s });
              }}
            />
          </TabsContent>
        ))}
      </Tabs>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <QuoteDialog
            link={quote?.link ?? null}
            storeName={quote?.store.name ?? ""}
            whatsapp={whatsapp}
            onClose={() => setQuote(null)}
            onSent={() => {
              // Sent: the request is done, so the field starts empty for the next product.
              if (quote) setValues((all) => ({ ...all, [quote.store.id]: "" }));
              setQuote(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
