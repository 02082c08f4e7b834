import { getFormProps, getInputProps, parse, useForm } from "@conform-to/react";
import { ExternalLink, Send } from "lucide-react";
import type * as React from "react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { FormReply } from "~/lib/forms";
import { whenVisitorActs } from "~/lib/idle";
import {
  EMPTY_LINK,
  EMPTY_LINK_FIELD,
  extractProductLink,
  isProductLink,
  type Marketplace,
  marketplaceById,
  NOT_A_LINK,
  QUOTE_MARKETPLACES,
} from "~/lib/marketplaces";
import { errorToast, notify } from "~/lib/toast";

// The dialog's code is fetched at the visitor's first touch, key or mouse movement, not with
// the first paint.
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
  active: boolean;
  /** The action's answer to a quote posted without scripts for this store (field errors, the link). */
  reply?: FormReply;
  onQuote: (link: string, field: HTMLInputElement | null) => void;
};

function StorePanel({ store, active, reply, onQuote }: StorePanelProps) {
  const fieldRef = useRef<HTMLInputElement>(null);
  // Conform with our own check instead of the browser's bubble, so the message is the spec's.
  const [form, fields] = useForm<{ link: string }>({
    id: `enlace-${store.id}`,
    lastResult: reply?.result,
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
      if (submission?.status === "success")
        onQuote(extractProductLink(submission.value.link), fieldRef.current);
    },
  });
  const link = fields.link;
  return (
    <section
      id={`panel-${store.id}`}
      aria-labelledby={`tab-${store.id}`}
      hidden={!active}
      className="scroll-mt-24"
    >
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
        {/* Without scripts the action answers with a redirect to WhatsApp (routes/tienda-externa/route.tsx). */}
        <form
          {...getFormProps(form)}
          method="post"
          action={`/tienda-externa?tienda=${store.id}#panel-${store.id}`}
          className="mt-8 grid gap-3 border-t pt-6"
        >
          <input type="hidden" name="intent" value="quote" />
          <input type="hidden" name="tienda" value={store.id} />
          <Field field={link} label={`Enlace del producto en ${store.name}`} className="gap-3">
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                {...getInputProps(link, { type: "url" })}
                ref={fieldRef}
                inputMode="url"
                required
                maxLength={2000}
                autoComplete="off"
                placeholder={`${store.url}/...`}
              />
              <Button type="submit" className="sm:w-auto">
                <Send aria-hidden="true" />
                Solicitar Cotización
              </Button>
            </div>
          </Field>
        </form>
      </Card>
    </section>
  );
}

const tabClass =
  "inline-flex h-11 flex-1 shrink-0 items-center justify-center gap-2 rounded-lg px-6 text-base font-medium " +
  "whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground sm:flex-none md:h-9 " +
  "aria-[current=page]:bg-card aria-[current=page]:text-primary aria-[current=page]:shadow-sm " +
  "focus-visible:-outline-offset-2";

/**
 * The marketplace tabs of /tienda-externa (docs/product.md §2.4) and the confirmation dialog.
 * A tab is a link (`?tienda=…`), so it works before the page's scripts run; both stores' forms
 * are in the page, the other one hidden, so what was typed into one survives a switch.
 */
export function QuoteTabs({ whatsapp, reply }: { whatsapp: string | null; reply?: FormReply }) {
  const [params] = useSearchParams();
  const active = marketplaceById(params.get("tienda")).id;
  const replyStore = reply?.result.initialValue?.tienda;
  const [quote, setQuote] = useState<{
    link: string;
    store: Marketplace;
    field: HTMLInputElement | null;
  } | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  useEffect(() => whenVisitorActs(() => void loadDialog()), []);
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Tiendas" className="mx-auto w-full sm:w-fit">
        <ul className="flex w-full max-w-full items-center gap-1 overflow-x-auto rounded-xl bg-muted p-1 [scrollbar-width:thin]">
          {QUOTE_MARKETPLACES.map((s) => (
            <li key={s.id} className="flex flex-1 sm:flex-none">
              <Link
                id={`tab-${s.id}`}
                to={`/tienda-externa?tienda=${s.id}`}
                replace
                preventScrollReset
                aria-current={s.id === active ? "page" : undefined}
                className={tabClass}
              >
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {QUOTE_MARKETPLACES.map((s) => (
        <StorePanel
          key={s.id}
          store={s}
          active={s.id === active}
          reply={replyStore === s.id ? reply : undefined}
          onQuote={(link, field) => {
            setDialogWanted(true);
            setQuote({ link, store: s, field });
          }}
        />
      ))}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <QuoteDialog
            link={quote?.link ?? null}
            storeName={quote?.store.name ?? ""}
            whatsapp={whatsapp}
            onClose={() => setQuote(null)}
            onSent={() => {
              // Sent: the request is done, so the field starts empty for the next product.
              if (quote?.field) quote.field.value = "";
              setQuote(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
