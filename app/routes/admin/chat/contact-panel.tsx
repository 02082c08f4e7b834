import { ExternalLink, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { displayName } from "~/lib/chat";
import { CHAT_URLS } from "~/lib/chat-api";
import { formatDateTime } from "~/lib/dates";
import { STATUS_INFO, trackingPath } from "~/lib/orders";
import { displayPhone, telHref, waMeHref } from "~/lib/phone";
import { ContactEditDialog } from "./contact-edit-dialog";
import { ContactMergeDialog } from "./contact-merge-dialog";
import type { Conversation, InboxData } from "./types";

type Panel = NonNullable<InboxData["contact"]>;

/**
 * 'Contacto' (ADR 0020): who the visitor is — name, number, e-mail — with their earlier
 * conversations and their orders (status, tracking link); staff edit the contact or merge it
 * with another record of the same person. A visitor without details says so.
 */
export function ContactPanel({
  conv,
  panel,
  timeZone,
  canManage,
}: {
  conv: Conversation;
  panel: InboxData["contact"];
  timeZone?: string;
  canManage: boolean;
}) {
  return (
    <section aria-labelledby="contact-title" className="space-y-3 p-4">
      <h2 id="contact-title" className="font-heading text-base font-semibold">
        Contacto
      </h2>
      {panel ? (
        <>
          <ContactCard panel={panel} canManage={canManage} />
          <EarlierConversations panel={panel} current={conv.clientId} timeZone={timeZone} />
          <ContactOrders panel={panel} timeZone={timeZone} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {displayName(conv)} no ha dejado sus datos todavía. Se le piden en el chat después de su primer
          mensaje.
        </p>
      )}
    </section>
  );
}

function ContactCard({ panel, canManage }: { panel: Panel; canManage: boolean }) {
  const { contact } = panel;
  return (
    <div className="space-y-2 rounded-xl border bg-card p-3 text-sm">
      <p className="font-medium">{contact.name}</p>
      {contact.phone ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <a
            href={telHref(contact.phone)}
            className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
          >
            <Phone aria-hidden="true" className="size-3.5" /> {displayPhone(contact.phone)}
          </a>
          <a
            href={waMeHref(contact.phone)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-chat-strong underline-offset-2 hover:underline"
          >
            <MessageCircle aria-hidden="true" className="size-3.5" /> WhatsApp
          </a>
        </p>
      ) : null}
      {contact.email ? (
        <p>
          <a
            href={`mailto:${contact.email}`}
            className="inline-flex items-center gap-1 break-all underline-offset-2 hover:underline"
          >
            <Mail aria-hidden="true" className="size-3.5 shrink-0" /> {contact.email}
          </a>
        </p>
      ) : null}
      {canManage ? (
        <div className="flex gap-2 pt-1">
          <ContactEditDialog contact={contact} />
          <ContactMergeDialog contact={contact} />
        </div>
      ) : null}
    </div>
  );
}

function EarlierConversations({
  panel,
  current,
  timeZone,
}: {
  panel: Panel;
  current: string;
  timeZone?: string;
}) {
  const others = panel.conversations.filter((c) => c.clientId !== current);
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold">Conversaciones anteriores</h3>
      {others.length === 0 ? (
        <p className="text-xs text-muted-foreground">Ninguna.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {others.map((c) => (
            <li key={c.clientId}>
              <Link
                to={`${CHAT_URLS.inbox}?c=${encodeURIComponent(c.clientId)}`}
                className="flex justify-between gap-2 rounded-md px-1 py-1 hover:bg-muted"
              >
                <span className="truncate">{formatDateTime(c.createdAt, timeZone)}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {c.status === "resolved" ? "Resuelta" : "Abierta"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ContactOrders({ panel, timeZone }: { panel: Panel; timeZone?: string }) {
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold">Pedidos</h3>
      {panel.orders.length === 0 ? (
        <p className="text-xs text-muted-foreground">Ningún pedido con este contacto o su número.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {panel.orders.map((o) => (
            <li key={o.id} className="rounded-lg border p-2">
              <a
                href={trackingPath(o.trackingNumber)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-mono text-xs font-semibold text-chat-strong underline-offset-2 hover:underline"
              >
                {o.trackingNumber} <ExternalLink aria-hidden="true" className="size-3" />
                <span className="sr-only"> (seguimiento, se abre en otra pestaña)</span>
              </a>
              <p className="truncate text-xs">{o.orderDescription}</p>
              <p className="text-xs text-muted-foreground">
                {STATUS_INFO[o.status].label} · {formatDateTime(o.createdAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
