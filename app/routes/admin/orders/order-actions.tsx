import {
  Copy,
  MessageCircle,
  MessageSquarePlus,
  MessagesSquare,
  MoreHorizontal,
  Pencil,
  Printer,
  Tag,
  Trash2,
} from "lucide-react";
import { useRef, useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { StatusIcon } from "~/components/orders/status";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { IconSymbol, SpriteIcon } from "~/components/ui/icon-sprite";
import { conversationHref } from "~/lib/chat-api";
import { copyText } from "~/lib/clipboard";
import { useReplyMessage } from "~/lib/forms";
import { ORDERS_INTENT } from "~/lib/order-forms";
import { customerWhatsappUrl } from "~/lib/order-whatsapp";
import { ORDER_STATUSES, STATUS_INFO, trackingPath } from "~/lib/orders";
import { notify } from "~/lib/toast";
import { EventDialog } from "./event-dialog";
import type { OrdersActionData, StaffOrder } from "./types";

/** The parcel's print pages (./print/route.tsx), each opened in a new tab. */
const PRINT_PAGES = [
  { doc: "recibo", label: "Imprimir recibo", Icon: Printer },
  { doc: "etiqueta", label: "Imprimir etiqueta", Icon: Tag },
] as const;

/** A new parcel's number once it is made. */
export type CreatedOrder = { id: string; trackingNumber: string };

/**
 * Right after 'Crear Pedido', above the list until closed or the next one: the new number, with
 * the receipt for the customer at the counter and the label for the box, each in a new tab.
 */
export function CreatedBanner({ order, onClose }: { order: CreatedOrder | null; onClose: () => void }) {
  if (!order) return null;
  return (
    <section
      aria-label="Pedido recién creado"
      className="mb-3 flex flex-col gap-2 rounded-xl border border-primary/40 bg-primary/5 p-3 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm">
        Pedido <strong className="font-mono">{order.trackingNumber}</strong> listo: imprime el recibo para el
        cliente y la etiqueta para la caja.
      </p>
      <div className="flex flex-wrap gap-2">
        {PRINT_PAGES.map(({ doc, label, Icon }) => (
          <Button key={doc} asChild variant="outline" size="sm">
            <a href={href("/admin/orders/:id/:doc", { id: order.id, doc })} target="_blank" rel="noopener">
              <Icon aria-hidden="true" /> {label}
            </a>
          </Button>
        ))}
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cerrar
        </Button>
      </div>
    </section>
  );
}

const MORE_ICON = "icon-order-actions";
const WHATSAPP_ICON = "icon-order-whatsapp";

/** The row buttons' icons as <symbol>s, once in a list of OrderActions (each draws a <use>). */
export const OrderActionsSymbol = () => (
  <>
    <IconSymbol id={MORE_ICON} icon={MoreHorizontal} />
    <IconSymbol id={WHATSAPP_ICON} icon={MessageCircle} />
  </>
);

/**
 * 'Avisar por WhatsApp' in one tap (docs/product.md §3.4): WhatsApp opens on the order's phone with
 * a message for its current status and the tracking link. Shown on rows whose order has a phone.
 */
export function WhatsappNotify({ order, origin }: { order: StaffOrder; origin: string }) {
  if (!order.customerPhone) return null;
  const link = `${origin}${trackingPath(order.trackingNumber)}`;
  return (
    <a
      href={customerWhatsappUrl(order, link)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Avisar por WhatsApp: ${order.trackingNumber} (se abre en una pestaña nueva)`}
      title="Avisar por WhatsApp"
      className="inline-flex size-10 items-center justify-center rounded-md text-[#18743f] hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <SpriteIcon id={WHATSAPP_ICON} className="size-5" />
    </a>
  );
}

type OrderActionsProps = {
  order: StaffOrder;
  origin: string;
  /** May read the chat: an order made from a conversation offers 'Abrir conversación'. */
  canChat?: boolean;
  onEdit: () => void;
};

/**
 * The row menu: edit, 'Cambiar a {status}', tracking link, WhatsApp, delete (docs/product.md §3.4).
 * A page holds 50 rows: until its first use a row renders only the button, and the menu, its
 * requests and its confirmation mount, open, at the first press. The button's
 * icon is a <use> of OrderActionsSymbol, which the list puts in the page once.
 */
export function OrderActions(props: OrderActionsProps) {
  const [used, setUsed] = useState(false);
  if (used) return <OrderActionsMenu {...props} />;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Acciones del pedido ${props.order.trackingNumber}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setUsed(true)}
    >
      <SpriteIcon id={MORE_ICON} />
    </Button>
  );
}

function OrderActionsMenu({ order, origin, canChat = false, onEdit }: OrderActionsProps) {
  const fetcher = useFetcher<OrdersActionData>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [addingEvent, setAddingEvent] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useReplyMessage(fetcher.data);
  const link = `${origin}${trackingPath(order.trackingNumber)}`;

  const post = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, id: order.id }, { method: "post", action: href("/admin/orders") });
  const copy = async () => {
    if (await copyText(link))
      notify({ title: "Enlace copiado", description: "Enlace copiado al portapapeles." });
    else
      notify({
        title: "Error al copiar",
        description: "No se pudo copiar el enlace.",
        variant: "destructive",
      });
  };

  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            aria-label={`Acciones del pedido ${order.trackingNumber}`}
            disabled={fetcher.state !== "idle"}
          >
            <SpriteIcon id={MORE_ICON} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{order.trackingNumber}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden="true" /> Editar Pedido
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setAddingEvent(true)}>
            <MessageSquarePlus aria-hidden="true" /> Añadir novedad
          </DropdownMenuItem>
          {canChat && order.sourceClientId ? (
            <DropdownMenuItem asChild>
              <Link to={conversationHref(order.sourceClientId)}>
                <MessagesSquare aria-hidden="true" /> Abrir conversación
              </Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          {ORDER_STATUSES.filter((s) => s !== order.status).map((s) => (
            <DropdownMenuItem key={s} onSelect={() => post({ intent: ORDERS_INTENT.status, status: s })}>
              <StatusIcon status={s} /> Cambiar a {STATUS_INFO[s].label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={copy}>
            <Copy aria-hidden="true" /> Copiar enlace de seguimiento
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <a href={customerWhatsappUrl(order, link)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" /> Avisar por WhatsApp
            </a>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {PRINT_PAGES.map(({ doc, label, Icon }) => (
            <DropdownMenuItem key={doc} asChild>
              <a href={href("/admin/orders/:id/:doc", { id: order.id, doc })} target="_blank" rel="noopener">
                <Icon aria-hidden="true" /> {label}
              </a>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive" onSelect={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden="true" /> Eliminar Pedido
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`¿Eliminar pedido ${order.trackingNumber}?`}
        description="Esta acción no se puede deshacer. El enlace de seguimiento dejará de funcionar."
        onConfirm={() => post({ intent: ORDERS_INTENT.delete })}
      />
      {addingEvent ? (
        <EventDialog order={order} onOpenChange={setAddingEvent} returnFocusTo={trigger} />
      ) : null}
    </>
  );
}
