import { type ChatMessageView, isClientId } from "../../lib/chat";
import type { StaffUser } from "../auth/sessions";
import type { Logger } from "../logger";
import { type AgentView, ensureAgent, listAgents } from "./agents";
import type { ChatDeps } from "./events";
import { listMessages } from "./messages";
import { type ConversationSummary, listConversations } from "./staff";

/** What the /admin/chat page loads: the agent, agents, conversations and the open one's messages. */

export type InboxData = {
  agent: AgentView | null;
  agents: AgentView[] | null;
  conversations: ConversationSummary[] | null;
  selected: string | null;
  messages: ChatMessageView[] | null;
};

export async function loadInbox(
  deps: ChatDeps & { logger: Logger },
  user: StaffUser,
  selected: string | null,
): Promise<InboxData> {
  const soft = <T>(what: string, p: Promise<T>) =>
    p.catch((err) => {
      deps.logger.error({ err }, `chat inbox: ${what} failed`);
      return null;
    });
  const agent = await soft("agent", ensureAgent(deps, user));
  const id = isClientId(selected) ? selected : null;
  const [agents, conversations, messages] = await Promise.all([
    soft("agents", listAgents(deps.db)),
    soft("conversations", listConversations(deps.db)),
    id ? soft("messages", listMessages(deps.db, id, { forVisitor: false })) : Promise.resolve([]),
  ]);
  return { agent, agents, conversations, selected: id, messages };
}
