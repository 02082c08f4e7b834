import { AssignmentPanel } from "./assignment-panel";
import { ContactPanel } from "./contact-panel";
import { OrderCard } from "./order-card";
import type { Agent, Conversation, InboxData } from "./types";
import { VisitorContextPanel } from "./visitor-context-panel";

/** The conversation's side panel (320 px, or a sheet on narrower screens): assignment, then the person. */
export function SidePanel({
  conv,
  agents,
  me,
  contact,
  timeZone,
  canManage,
  canOrders,
  origin,
  orders = null,
}: {
  conv: Conversation | null;
  agents: Agent[] | null;
  me: Agent | null;
  contact: InboxData["contact"];
  timeZone?: string;
  canManage: boolean;
  /** May create orders (orders:manage): 'Crear pedido' and 'Enviar enlace'. */
  canOrders: boolean;
  origin: string;
  /** The orders the conversation names or was the source of: the open card, 'Crear pedido' (issue 41). */
  orders?: InboxData["orders"];
}) {
  return (
    <div className="divide-y">
      {conv ? <OrderCard orders={orders} timeZone={timeZone} /> : null}
      <AssignmentPanel conv={conv} agents={agents} me={me} timeZone={timeZone} canManage={canManage} />
      {conv ? (
        <ContactPanel
          conv={conv}
          panel={contact}
          timeZone={timeZone}
          canManage={canManage}
          canOrders={canOrders}
          origin={origin}
          orders={orders}
        />
      ) : null}
      {conv ? <VisitorContextPanel conv={conv} timeZone={timeZone} /> : null}
    </div>
  );
}
