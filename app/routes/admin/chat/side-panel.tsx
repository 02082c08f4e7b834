import { AssignmentPanel } from "./assignment-panel";
import { ContactPanel } from "./contact-panel";
import type { Agent, Conversation, InboxData } from "./types";

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
}) {
  return (
    <div className="divide-y">
      <AssignmentPanel conv={conv} agents={agents} me={me} timeZone={timeZone} canManage={canManage} />
      {conv ? (
        <ContactPanel
          conv={conv}
          panel={contact}
          timeZone={timeZone}
          canManage={canManage}
          canOrders={canOrders}
          origin={origin}
        />
      ) : null}
    </div>
  );
}
