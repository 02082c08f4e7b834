import { Combine, ExternalLink, Mail, MessageCircle, Phone, Plus, Send, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import { displayName } from "~/lib/chat";
import { CHAT_URLS, conversationHref, INBOX_INTENTS } from "~/lib/chat-api";
import { formatDateTime } from "~/lib/dates";
import { useReplyMessage } from "~/lib/forms";
import { customerStatusMessage } from "~/lib/order-whatsapp";
import { STATUS_INFO, trackingPath } from "~/lib/orders";
import { displayPhone, telHref, waMeHref } from "~/lib/phone";
import { OrderDialog } from "../orders/order-dialog";
import { ContactEditDialog } from "./contact-edit-dialog";
import { ContactMergeDialog } from "./contact-merge-dialog";
import { OrderCardLink } from "./order-card";
import { SendTranscriptButton } from "./transcript-button";
import type { ChatActionData, Conversation, InboxData } from "./types";
import { useFailureToast } from "./use-reply-sender";

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
  canOrders,
  origin,
  orders = null,
}: {
  conv: Conversation;
  panel: InboxData["contact"];
  timeZone?: string;
  canManage: boolean;
  canOrders: boolean;
  origin: string;
  /** The orders made from this conversation (issue 41), listed when the visitor left no details. */
  orders?: InboxData["orders"];
}) {
  return (
    <section aria-labelledby="contact-title" className="space-y-3 p-4">
      <h2 id="contact-title" className="font-heading text-base font-semibold">
        Contacto
      </h2>
      {panel ? (
        <>
          <ContactCard panel={panel} canManage={canManage} />
          <ClaimNotice panel={panel} canManage={canManage} />
          {/* The address on file: the confirmed one, else the one the visitor typed (chat/transcript.ts). */}
          {(panel.contact.email ?? panel.claim?.email) ? (
            <SendTranscriptButton clientId={conv.clientId} />
          ) : null}
          {canManage ? <UndoableMerges panel={panel} timeZone={timeZone} /> : null}
          <EarlierConversations panel={panel} current={conv.clientId} timeZone={timeZone} />
          <ContactOrders
            panel={panel}
            conv={conv}
            timeZone={timeZone}
            canOrders={canOrders}
            origin={origin}
          />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {displayName(conv)} no ha dejado sus datos todavía. Se le piden en el chat después de su primer
            mensaje.
          </p>
          {/* 'Crear pedido' needs no contact: the order records the conversation (issue 41). */}
          {canOrders ? (
            <ContactOrders panel={null} conv={conv} orders={orders} canOrders={canOrders} origin={origin} />
          ) : null}
        </>
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

const SAME_LABEL = { phone: "el mismo teléfono", email: "el mismo correo" } as const;

/**
 * What the visitor typed that is another contact's: shown as what they said, never as who they
 * are, with 'posible mismo cliente' and the evidence; staff who manage the chat join the two with
 * one click (and can undo it below).
 */
function ClaimNotice({ panel, canManage }: { panel: Panel; canManage: boolean }) {
  const { claim, contact } = panel;
  const merge = useFetcher<ChatActionData>();
  useReplyMessage(merge.data);
  if (!claim) return null;
  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">Datos sin verificar</p>
      {claim.phone ? <p>Dejó el teléfono {displayPhone(claim.phone)}.</p> : null}
      {claim.email ? <p className="break-all">Dejó el correo {claim.email}.</p> : null}
      {claim.match ? (
        <>
          <p>
            Posible mismo cliente: <strong>{claim.match.name}</strong>, con{" "}
            {claim.match.same.map((f) => SAME_LABEL[f]).join(" y ")}. Únelos solo si es la misma persona.
          </p>
          {canManage ? (
            <merge.Form method="post" action={CHAT_URLS.inbox}>
              <input type="hidden" name="intent" value={INBOX_INTENTS.contactMerge} />
              <input type="hidden" name="keepId" value={claim.match.id} />
              <input type="hidden" name="goneId" value={contact.id} />
              <StatusButton
                size="sm"
                variant="outline"
                pending={merge.state !== "idle"}
                pendingLabel="Uniendo..."
              >
                <Combine aria-hidden="true" /> Unir con {claim.match.name}
              </StatusButton>
            </merge.Form>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * The merges into this contact that staff may still undo ('Deshacer'). One fetcher for the list: it
 * stays mounted when the undone merge leaves the list, so its reply's toast still shows.
 */
function UndoableMerges({ panel, timeZone }: { panel: Panel; timeZone?: string }) {
  const undo = useFetcher<ChatActionData>();
  useReplyMessage(undo.data);
  if (panel.merges.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm">
      {panel.merges.map((merge) => (
        <li
          key={merge.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-2"
        >
          <span className="min-w-0 text-xs text-muted-foreground">
            Combinado con {merge.goneName} · {formatDateTime(merge.createdAt, timeZone)}
          </span>
          <undo.Form method="post" action={CHAT_URLS.inbox}>
            <input type="hidden" name="intent" value={INBOX_INTENTS.contactUnmerge} />
            <input type="hidden" name="mergeId" value={merge.id} />
            <StatusButton
              size="sm"
              variant="ghost"
              className="h-8 px-2"
              pending={undo.state !== "idle" && undo.formData?.get("mergeId") === merge.id}
              pendingLabel="Deshaciendo..."
              aria-label={`Deshacer la combinación con ${merge.goneName}`}
            >
              <Undo2 aria-hidden="true" /> Deshacer
            </StatusButton>
          </undo.Form>
        </li>
      ))}
    </ul>
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
                to={conversationHref(c.clientId)}
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

/**
 * The contact's orders with their status; staff who manage orders create one for this person
 * (the orders screen's own dialog, prefilled, linked to the contact and to this conversation)
 * and send an order's tracking link as a reply in this conversation. Without a contact: the
 * orders made from this conversation, and 'Crear pedido' all the same (issue 41).
 */
function ContactOrders({
  panel,
  conv,
  timeZone,
  canOrders,
  origin,
  orders = null,
}: {
  panel: Panel | null;
  conv: Conversation;
  timeZone?: string;
  canOrders: boolean;
  origin: string;
  orders?: InboxData["orders"];
}) {
  const [creating, setCreating] = useState(false);
  const clientId = conv.clientId;
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Pedidos</h3>
        {canOrders ? (
          <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Crear pedido
          </Button>
        ) : null}
      </div>
      {canOrders ? (
        <OrderDialog
          order={null}
          couriers={[]}
          open={creating}
          onOpenChange={setCreating}
          timeZone={timeZone}
          contact={panel?.contact ?? null}
          conversation={{ clientId, name: conv.customName }}
        />
      ) : null}
      {!panel ? (
        <MadeHere orders={orders} />
      ) : panel.orders.length === 0 ? (
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
              {canOrders ? (
                <SendTrackingLink
                  clientId={clientId}
                  order={o}
                  customerName={panel.contact.name}
                  origin={origin}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The orders made from a conversation whose visitor left no details: each opens its card. */
function MadeHere({ orders }: { orders: InboxData["orders"] }) {
  const made = (orders?.made ?? []).flatMap((n) => orders?.cards.find((c) => c.trackingNumber === n) ?? []);
  if (made.length === 0)
    return <p className="text-xs text-muted-foreground">Ningún pedido de esta conversación.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {made.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-2 rounded-lg border p-2">
          <OrderCardLink trackingNumber={o.trackingNumber} className="font-mono text-xs text-chat-strong">
            {o.trackingNumber}
          </OrderCardLink>
          <span className="text-xs text-muted-foreground">{STATUS_INFO[o.status].label}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'Enviar enlace': the order's status and its absolute tracking link, sent as a staff reply. */
function SendTrackingLink({
  clientId,
  order,
  customerName,
  origin,
}: {
  clientId: string;
  order: Panel["orders"][number];
  customerName: string;
  origin: string;
}) {
  const fetcher = useFetcher<ChatActionData>();
  useFailureToast(fetcher, "No se pudo enviar la respuesta.");
  const sending = fetcher.state !== "idle";
  const send = () => {
    const link = `${origin}${trackingPath(order.trackingNumber)}`;
    const message = customerStatusMessage({ ...order, customerName, customerPhone: null }, link);
    fetcher.submit(
      { intent: INBOX_INTENTS.reply, clientId, message },
      { method: "post", action: CHAT_URLS.inbox },
    );
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      className="mt-1 h-8 px-2"
      onClick={send}
      disabled={sending}
      aria-label={`Enviar enlace de ${order.trackingNumber}`}
    >
      <Send aria-hidden="true" /> {sending ? "Enviando..." : "Enviar enlace"}
    </Button>
  );
}
