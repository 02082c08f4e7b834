import { MessageCircle, PackageSearch, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { RateLimitedError } from "~/.server/errors";
import { readForm } from "~/.server/http/intents";
import { outageHeaders, referenceText } from "~/.server/http/outage";
import { trackingUnlocksOf, unlockTracking } from "~/.server/http/tracking-unlock";
import { orderFollowers } from "~/.server/orders/mail-notices";
import { findTrackedOrder, meantTrackingNumber } from "~/.server/orders/orders";
import { trackingViewFor } from "~/.server/orders/privacy";
import { limitTrackingLookups } from "~/.server/orders/tracking";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useEventStream } from "~/lib/event-stream";
import { maskEmail } from "~/lib/mail";
import { pageMeta } from "~/lib/meta";
import {
  eventLine,
  isTrackingCode,
  STATUS_INFO,
  TRACKING_FETCH_FAILED,
  TRACKING_HELP_TEXT,
  TRACKING_NOT_FOUND,
  type TrackingView,
  trackingLimitMessage,
  trackingPath,
  UNLOCK_INVALID,
  UNLOCK_WRONG,
  unlockLimitMessage,
  validateTrackingInput,
} from "~/lib/orders";
import { waMeHref } from "~/lib/phone-links";
import { DEFAULT_SITE_CONTACT } from "~/lib/site";
import { notify } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/route";
import { MAIL_FOLLOW_INTENT, MailFollow, type MailFollowing } from "./mail-follow";
import { mailFollowAction } from "./mail-follow-action";
import { TrackingResult } from "./tracking-result";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData, {
    title: "Seguimiento de Pedido",
    description: "Consulta el estado de tu pedido con tu número de tracking.",
    path: "/seguimiento",
  });

type LoaderResult =
  | { state: "idle" }
  | { state: "invalid" | "notFound" | "error" | "limited"; query: string; message: string; at: number }
  | {
      state: "found";
      query: string;
      order: TrackingView;
      since: number;
      at: number;
      mail: MailFollowing | null;
    };

/** A result may hold a customer's address and phone: never kept by a browser or a shared cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers(loaderHeaders);
  for (const [k, v] of actionHeaders) out.set(k, v);
  return out;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("numero");
  if (raw === null) return { state: "idle" } as LoaderResult;
  const at = Date.now();
  const v = validateTrackingInput(raw);
  if (!v.ok)
    return data({ state: "invalid", query: raw.slice(0, 40), message: v.message, at } as LoaderResult, {
      status: 400,
    });
  // 'trk 2026 abc123' finds TRK-2026-ABC123, under the link people share.
  // (A code alone is looked up first: its own redirect goes straight to the number's link.)
  if (v.value !== raw && request.method === "GET" && !isTrackingCode(v.value))
    throw redirect(trackingPath(v.value));
  const { db, config, bus, logger, orderSettings } = context.services;
  try {
    await limitTrackingLookups(db, context.clientIp, config.TRACKING_LOOKUPS_PER_MINUTE);
    const [found, since, unlocks] = await Promise.all([
      isTrackingCode(v.value) ? null : findTrackedOrder(db, v.value, config.TIME_ZONE, orderSettings.get),
      bus.latestId(),
      trackingUnlocksOf(db, request),
    ]);
    if (!found) {
      // The code alone, or O typed for 0 and I for 1: the number it stands for, under its own link.
      const meant = await meantTrackingNumber(db, v.value);
      if (meant && meant !== v.value) throw redirect(trackingPath(meant));
      return data({ state: "notFound", query: v.value, message: TRACKING_NOT_FOUND, at } as LoaderResult, {
        status: 404,
      });
    }
    const order = trackingViewFor(found, unlocks);
    // Who hears of it by e-mail: shown to whoever may see the delivery details, when mail goes out.
    const mail =
      !order.locked && context.services.mail.sending
        ? {
            followers: (await orderFollowers(db, v.value)).map((f) => ({
              id: f.id,
              email: maskEmail(f.email),
            })),
          }
        : null;
    return data({ state: "found", query: v.value, order, since, at, mail } as LoaderResult, {
      headers: PRIVATE,
    });
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof RateLimitedError) {
      const wait = err.retryAfterSeconds ?? 60;
      const message = trackingLimitMessage(wait);
      return data({ state: "limited", query: v.value, message, at } as LoaderResult, {
        status: 429,
        headers: { "Retry-After": String(wait) },
      });
    }
    logger.error({ err }, "tracking look-up failed");
    // The spec's words, and the reference that finds this failure in the log.
    const message = `${TRACKING_FETCH_FAILED} (${referenceText()})`;
    return data({ state: "error", query: v.value, message, at } as LoaderResult, {
      status: 503,
      headers: outageHeaders(),
    });
  }
}

type UnlockResult = { unlockError: string; at: number };

/**
 * The 4-digit check, posted by a plain form (works without JavaScript): right digits remember the
 * order on this device and come back to the result, which now shows the address and phone.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db, config, logger, orderSettings } = context.services;
  const at = Date.now();
  const v = validateTrackingInput(new URL(request.url).searchParams.get("numero"));
  if (!v.ok) return data({ unlockError: v.message, at } satisfies UnlockResult, { status: 400 });
  const intent = form.get("intent");
  if (intent === MAIL_FOLLOW_INTENT.follow || intent === MAIL_FOLLOW_INTENT.stop)
    return mailFollowAction(context, request, form, v.value);
  const typed = form.get("digitos");
  const digits = typeof typed === "string" ? typed.replace(/\s/g, "") : "";
  if (!/^\d{4}$/.test(digits))
    return data({ unlockError: UNLOCK_INVALID, at } satisfies UnlockResult, { status: 400 });
  try {
    const found = await findTrackedOrder(db, v.value, config.TIME_ZONE, orderSettings.get);
    const cookie = await unlockTracking(db, {
      found,
      trackingNumber: v.value,
      digits,
      clientIp: context.clientIp,
      attempts: config.TRACKING_UNLOCK_ATTEMPTS,
      request,
    });
    if (!cookie) return data({ unlockError: UNLOCK_WRONG, at } satisfies UnlockResult, { status: 400 });
    return redirect(trackingPath(v.value), { status: 303, headers: { "Set-Cookie": cookie } });
  } catch (err) {
    if (err instanceof RateLimitedError) {
      const wait = err.retryAfterSeconds ?? 60;
      return data({ unlockError: unlockLimitMessage(wait), at } satisfies UnlockResult, {
        status: 429,
        headers: { "Retry-After": String(wait) },
      });
    }
    logger.error({ err }, "tracking unlock failed");
    return data({ unlockError: TRACKING_FETCH_FAILED, at } satisfies UnlockResult, { status: 503 });
  }
}

/**
 * A look-up from the page (not the first load) that cannot reach the server — offline, or a
 * proxy answering 502 — keeps the page and shows the inline message and toast (docs/product.md §4.2)
 * instead of the data error screen.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return (await serverLoader()) as LoaderResult;
  } catch {
    const query = (new URL(request.url).searchParams.get("numero") ?? "").slice(0, 40);
    return { state: "error", query, message: TRACKING_FETCH_FAILED, at: Date.now() } as LoaderResult;
  }
}

export default function TrackingPage() {
  const result = useLoaderData<typeof clientLoader>() as LoaderResult;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const whatsapp = (root?.contact ?? DEFAULT_SITE_CONTACT).whatsapp;
  const unlocked = useActionData<typeof action>();
  const navigation = useNavigation();
  const onPage = navigation.state !== "idle" && navigation.location?.pathname === "/seguimiento";
  // The 4-digit check posts; the look-up is a GET.
  const checking = onPage && navigation.formMethod?.toUpperCase() === "POST";
  const busy = onPage && !checking;
  // The field is uncontrolled: what a visitor typed before the page hydrated stays in it.
  const inputRef = useRef<HTMLInputElement>(null);
  const shownResult = useRef(result.state === "idle" ? 0 : result.at);
  const [clientError, setClientError] = useState<string | null>(null);
  const [live, setLive] = useState<TrackingView | null>(result.state === "found" ? result.order : null);
  const [gone, setGone] = useState(false);
  const toasted = useRef<number | null>(null);

  // A new look-up result replaces whatever the live stream had shown.
  useEffect(() => {
    setLive(result.state === "found" ? result.order : null);
    setGone(false);
    // A new look-up (not the one the page was rendered with) shows its number in the field.
    if (result.state !== "idle" && result.at !== shownResult.current && inputRef.current) {
      shownResult.current = result.at;
      inputRef.current.value = result.query;
    }
    if (result.state === "idle" || toasted.current === result.at) return;
    toasted.current = result.at;
    if (result.state === "notFound")
      notify({ title: "No Encontrado", description: result.message, variant: "destructive" });
    if (result.state === "error") {
      notify({
        title: "Error",
        description: "No se pudo conectar con el servidor de seguimiento.",
        variant: "destructive",
      });
    }
    if (result.state === "limited")
      notify({ title: "Error", description: result.message, variant: "destructive" });
  }, [result]);

  const tracking = result.state === "found" ? result.order.trackingNumber : null;
  useEventStream({
    url: `/events/track/${encodeURIComponent(tracking ?? "")}`,
    enabled: !!tracking,
    stream: "tracking",
    since: result.state === "found" ? result.since : null,
    onEvent: (e) => {
      if (e.type === "order.deleted") {
        setGone(true);
        notify({ title: "Actualización de Pedido", description: TRACKING_NOT_FOUND });
        return;
      }
      // The stream carries the public view only: the delivery details this visitor may see stay.
      const { newEventId, ...order } = e.payload;
      setLive((prev) => ({ ...order, delivery: prev?.delivery ?? null, locked: prev?.locked ?? false }));
      const added = newEventId ? order.events.find((x) => x.id === newEventId) : null;
      notify({
        title: "Actualización de Pedido",
        description: added ? eventLine(added) : `Estado: ${STATUS_INFO[order.status].label}`,
      });
    },
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("numero") as HTMLInputElement | null;
    const v = validateTrackingInput(input?.value ?? "");
    if (!v.ok) {
      event.preventDefault();
      setClientError(v.message);
      return;
    }
    setClientError(null);
    if (input) input.value = v.value;
  };

  const inlineMessage =
    clientError ??
    (gone ? TRACKING_NOT_FOUND : result.state !== "idle" && result.state !== "found" ? result.message : null);

  return (
    <>
      <PageHeader
        title="Seguimiento de Pedido"
        subtitle="Consulta el estado de tu pedido con tu número de tracking."
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 md:py-12">
        <Form
          method="get"
          action="/seguimiento"
          onSubmit={onSubmit}
          noValidate
          className="rounded-2xl border border-border bg-card p-5 shadow-sm"
        >
          <Label htmlFor="numero">Número de tracking</Label>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <Input
              ref={inputRef}
              id="numero"
              name="numero"
              defaultValue={result.state === "idle" ? "" : result.query}
              onChange={(e) => {
                // Upper case as typed (the field stays uncontrolled), the caret where it was.
                const el = e.currentTarget;
                const upper = el.value.toUpperCase();
                if (upper !== el.value) {
                  const at = el.selectionStart;
                  el.value = upper;
                  if (at !== null) el.setSelectionRange(at, at);
                }
                setClientError(null);
              }}
              placeholder="TRK-2024-ABC123"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={inlineMessage ? true : undefined}
              aria-describedby={inlineMessage ? "tracking-message" : undefined}
              className="font-mono uppercase sm:flex-1"
            />
            <Button type="submit" disabled={busy} className="sm:w-40">
              <Search aria-hidden="true" />
              {busy ? "Buscando..." : "Consultar"}
            </Button>
          </div>
          {inlineMessage ? (
            <p id="tracking-message" role="alert" className="mt-3 text-sm font-medium text-destructive">
              {inlineMessage}
            </p>
          ) : null}
        </Form>

        {live && !gone ? (
          <>
            <TrackingResult
              order={live}
              timeZone={root?.timeZone}
              whatsapp={whatsapp}
              unlock={{
                error: checking ? null : unlocked && "unlockError" in unlocked ? unlocked.unlockError : null,
                busy: checking,
              }}
            />
            {!live.locked && result.state === "found" && result.mail ? (
              <MailFollow
                trackingNumber={live.trackingNumber}
                following={result.mail}
                answer={unlocked && "mail" in unlocked ? { ...unlocked.mail, at: unlocked.at } : null}
              />
            ) : null}
          </>
        ) : result.state === "notFound" || result.state === "invalid" || gone ? (
          <NotFoundHelp whatsapp={whatsapp} />
        ) : result.state === "idle" ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
            <PackageSearch aria-hidden="true" className="size-12 text-primary/60" />
            <p className="font-medium">Esperando tu número de tracking</p>
          </div>
        ) : null}
      </div>
    </>
  );
}

/** A number that finds nothing: how the number looks, and a person to ask. */
function NotFoundHelp({ whatsapp }: { whatsapp: string | null }) {
  return (
    <section
      aria-labelledby="tracking-help-title"
      className="space-y-3 rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id="tracking-help-title" className="font-heading text-lg font-bold">
        ¿No encuentras tu pedido?
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          Revisa el formato: <span className="font-mono font-semibold text-foreground">TRK-AAAA-XXXXXX</span>{" "}
          (por ejemplo, <span className="font-mono">TRK-2024-ABC123</span>).
        </li>
        <li>
          Confirma el número en el mensaje o recibo que te dimos; la letra O y el número 0 se confunden.
        </li>
      </ul>
      <a
        href={waMeHref(whatsapp, TRACKING_HELP_TEXT)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-[#18743f] px-4 text-sm font-semibold text-white hover:bg-[#125c32]"
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        Pedir ayuda por WhatsApp
        <span className="sr-only">(se abre en una pestaña nueva)</span>
      </a>
    </section>
  );
}
