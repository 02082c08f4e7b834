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
}: {
  conv: Conversation | null;
  agents: Agent[] | null;
  me: Agent | null;
  contact: InboxData["contact"];
  timeZone?: string;
  canManage: boolean;
}) {
  return (
    <div className="divide-y">
      <AssignmentPanel conv={conv} agents={agents} me={me} timeZone={timeZone} canManage={canManage} />
      {conv ? <ContactPanel conv={conv} panel={contact} timeZone={timeZone} canManage={canManage} /> : null}
    </div>
  );
}
