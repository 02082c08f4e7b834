import { Mail } from "lucide-react";
import { Form, href, Link, useSearchParams } from "react-router";
import { requirePermission } from "~/.server/http/guards";
import { loaderFailure } from "~/.server/http/outage";
import { findMail, listMail, OUTBOX_PAGE_SIZE } from "~/.server/mail/queue";
import { StaffPage } from "~/components/staff/staff-page";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import {
  MAIL_INTENT,
  MAIL_KIND_LABELS,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailState,
  mailErrorText,
} from "~/lib/mail";
import { pageTitle } from "~/lib/meta";
import type { Route } from "./+types/route";
import { mailAction } from "./intents";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Correo") },
  { name: "robots", content: "noindex" },
];

const isState = (v: string | null): v is MailState => MAIL_STATES.includes(v as MailState);

/**
 * 'Correo' (issue 40): every e-mail the site sent, is sending, could not send or keeps because no
 * mail server is configured, newest first; `?ver=<id>` opens one as it arrives.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "mail:manage");
  const { db, logger, config, mail } = context.services;
  const url = new URL(request.url);
  const state = url.searchParams.get("estado");
  const before = Number(url.searchParams.get("antes")) || undefined;
  const open = Number(url.searchParams.get("ver")) || null;
  const [rows, selected] = await Promise.all([
    listMail(db, { before, state: isState(state) ? state : undefined }),
    open ? findMail(db, open) : null,
  ]).catch((err: unknown) => {
    throw loaderFailure(err, { logger, what: "No se pudo cargar el correo" });
  });
  const view = (r: NonNullable<typeof selected>) => ({
    id: r.id,
    kind: r.kind,
    to: r.toAddress,
    subject: r.subject,
    state: r.state,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    text: r.textBody,
  });
  return {
    messages: rows.slice(0, OUTBOX_PAGE_SIZE).map(view),
    older: rows.length > OUTBOX_PAGE_SIZE ? rows[OUTBOX_PAGE_SIZE - 1]?.id : null,
    selected: selected ? view(selected) : null,
    sending: mail.sending,
    origin: mail.origin,
    originSet: !!config.PUBLIC_URL,
    timeZone: config.TIME_ZONE,
  };
}

export const action = mailAction;

type MessageView = Route.ComponentProps["loaderData"]["messages"][number];

const STATE_TONE: Record<MailState, string> = {
  queued: "bg-amber-100 text-amber-900",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  held: "bg-muted text-foreground",
};

const FILTER_LABELS: Record<MailState, string> = {
  queued: "En cola",
  sending: "Enviando",
  sent: "Enviados",
  failed: "No enviados",
  held: "Guardados",
};

function StateBadge({ state }: { state: MailState }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[state]}`}>
      {MAIL_STATE_LABELS[state]}
    </span>
  );
}

/** A link that opens the admin's own mail app with the message ready (when no mail server sends it). */
const mailtoHref = (m: MessageView) =>
  `mailto:${encodeURIComponent(m.to)}?subject=${encodeURIComponent(m.subject ?? "")}&body=${encodeURIComponent(
    (m.text ?? "").slice(0, 1800),
  )}`;

function Resend({ m, sending }: { m: MessageView; sending: boolean }) {
  if (m.state === "queued" || m.state === "sending") return null;
  if (!sending)
    return (
      <a
        href={mailtoHref(m)}
        className="inline-flex min-h-11 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
        aria-label={`Reenviar a ${m.to} desde mi correo`}
      >
        Reenviar
      </a>
    );
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={MAIL_INTENT.resend} />
      <input type="hidden" name="id" value={m.id} />
      <Button type="submit" variant="outline" className="min-h-11" aria-label={`Reenviar a ${m.to}`}>
        Reenviar
      </Button>
    </Form>
  );
}

export default function MailRoute({ loaderData }: Route.ComponentProps) {
  const { messages, older, selected, sending, origin, originSet, timeZone } = loaderData;
  const [params] = useSearchParams();
  const filter = params.get("estado");
  const withParams = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return `${href("/admin/correo")}${q ? `?${q}` : ""}`;
  };
  return (
    <StaffPage
      title="Correo"
      description={
        sending
          ? "Los correos que envía el sitio: avisos de pedidos, mensajes para la tienda, conversaciones e invitaciones."
          : "No hay un servidor de correo configurado: los correos del sitio se guardan aquí. Ábrelos y usa 'Reenviar' para mandarlos desde tu propio correo."
      }
    >
      {!originSet ? (
        <p
          role="note"
          className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          Los enlaces de los correos llevan a {origin}. Para que funcionen fuera de este equipo, define
          PUBLIC_URL con la dirección del sitio (ver docs/deploy.md).
        </p>
      ) : null}
      {selected ? (
        <section
          aria-labelledby="mail-open-title"
          className="mb-6 rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
        >
          <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="mail-open-title" className="font-heading text-lg font-bold break-words">
                {selected.subject ?? MAIL_KIND_LABELS[selected.kind]}
              </h2>
              <p className="text-sm break-all text-muted-foreground">Para: {selected.to}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <StateBadge state={selected.state} />
                {formatDateTime(selected.sentAt ?? selected.createdAt, timeZone)}
              </p>
              {selected.lastError && selected.state !== "sent" ? (
                <p className="mt-1 text-sm break-words text-destructive">
                  {mailErrorText(selected.lastError)}
                </p>
              ) : null}
            </div>
            <div className="flex gap-2">
              <Resend m={selected} sending={sending} />
              <Link
                to={withParams({ ver: null })}
                className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-muted"
              >
                Cerrar
              </Link>
            </div>
          </div>
          {selected.text !== null ? (
            <iframe
              title={`Vista del correo: ${selected.subject ?? ""}`}
              src={href("/admin/correo/:id/vista", { id: String(selected.id) })}
              sandbox=""
              className="h-[70vh] w-full max-w-[620px] rounded-lg border border-border bg-white"
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              Este mensaje aún no se preparó: aparecerá en unos segundos.
            </p>
          )}
        </section>
      ) : null}
      <section
        aria-labelledby="mail-list-title"
        className="rounded-2xl border border-border bg-card p-4 shadow-sm md:p-5"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="mail-list-title" className="font-heading text-lg font-bold">
            Mensajes
          </h2>
          <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-1 text-sm">
            {[null, ...MAIL_STATES.filter((s) => s !== "sending")].map((s) => (
              <Link
                key={s ?? "todos"}
                to={withParams({ estado: s, antes: null })}
                aria-current={filter === s || (!s && !isState(filter)) ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-md px-3 hover:bg-muted aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
              >
                {s ? FILTER_LABELS[s] : "Todos"}
              </Link>
            ))}
          </nav>
        </div>
        {messages.length === 0 ? (
          <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
            Aún no hay correos aquí.
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {messages.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-3 py-3">
                <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={withParams({ ver: String(m.id) })}
                    className="font-medium break-words hover:underline"
                  >
                    {m.subject ?? MAIL_KIND_LABELS[m.kind]}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {MAIL_KIND_LABELS[m.kind]} · para <span className="break-all">{m.to}</span> ·{" "}
                    {formatDateTime(m.createdAt, timeZone)}
                  </p>
                  {m.lastError && m.state !== "sent" ? (
                    <p className="text-sm break-words text-destructive">
                      {m.attempts === 1 ? "1 intento" : `${m.attempts} intentos`}:{" "}
                      {mailErrorText(m.lastError)}
                      {m.state === "queued"
                        ? `. Próximo intento: ${formatDateTime(m.nextAttemptAt, timeZone)}.`
                        : ""}
                    </p>
                  ) : null}
                </div>
                <StateBadge state={m.state} />
                <Resend m={m} sending={sending} />
              </li>
            ))}
          </ul>
        )}
        {older ? (
          <Link
            to={withParams({ antes: String(older), ver: null })}
            className="mt-3 inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-muted"
          >
            Más antiguos
          </Link>
        ) : null}
      </section>
    </StaffPage>
  );
}
