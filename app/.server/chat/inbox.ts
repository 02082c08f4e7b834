import { type ChatMessageView, type InboxFilter, isClientId } from "../../lib/chat";
import type { PageCursor } from "../../lib/keyset";
import { can } from "../../lib/permissions";
import type { StaffUser } from "../auth/sessions";
import {
  type ContactClaim,
  type ContactConversation,
  type ContactMergeView,
  type ContactOrder,
  type ContactView,
  contactClaim,
  contactConversations,
  contactForConversation,
  contactOrders,
  undoableMerges,
} from "../contacts/contacts";
import type { Deps } from "../deps";
import type { Logger } from "../logger";
import { type ConversationOrders, conversationOrders } from "../orders/order-cards";
import { type AgentView, ensureAgentId, listAgents } from "./agents";
import { countInbox, type InboxCounts, type InboxItem, inboxItem, listInboxPage } from "./inbox-list";
import { listMessages } from "./messages";
import { readVisitorContext, type VisitorContextView } from "./visitor-context";

/** What the /admin/chat page loads: the agent, agents, one page of the list, the open conversation. */

export type InboxListQuery = {
  filter: InboxFilter;
  q: string;
  after: PageCursor | null;
  before: PageCursor | null;
};

/**
 * The side panel's person (ADR 0020): the contact, their other conversations, their orders; what
 * they claimed that is another contact's ('posible mismo cliente'), and the merges into this
 * contact staff may still undo.
 */
export type ContactPanel = {
  contact: ContactView;
  conversations: ContactConversation[];
  orders: ContactOrder[];
  claim: ContactClaim | null;
  merges: ContactMergeView[];
};

export type InboxData = {
  agent: AgentView | null;
  agents: AgentView[] | null;
  conversations: InboxItem[] | null;
  counts: InboxCounts | null;
  older: PageCursor | null;
  newer: PageCursor | null;
  /** The open conversation, wherever it is in the list (or on no page of this filter). */
  current: InboxItem | null;
  selected: string | null;
  messages: ChatMessageView[] | null;
  contact: ContactPanel | null;
  /**
   * The orders the open conversation's messages name and those made from it (issue 41), for
   * staff who may manage orders; null otherwise or when they could not be read.
   */
  orders: ConversationOrders | null;
  /** What the visitor's browser says and the pages of this visit (issue 41), with or without a contact. */
  visitor: VisitorContextView | null;
};

export async function loadInbox(
  deps: Deps & { logger: Logger },
  user: StaffUser,
  selected: string | null,
  list: InboxListQuery,
): Promise<InboxData> {
  const soft = <T>(what: string, p: Promise<T>) =>
    p.catch((err) => {
      deps.logger.error({ err }, `chat inbox: ${what} failed`);
      return null;
    });
  const agentId = await soft("agent", ensureAgentId(deps, user));
  const id = isClientId(selected) ? selected : null;
  // The orders the messages name: read once the messages are (issue 41).
  const ordersNamed = (list: ChatMessageView[] | null, clientId: string) => {
    const texts = list?.map((m) => m.message);
    return texts ? soft("orders", conversationOrders(deps.db, texts, clientId)) : null;
  };
  const read = id ? soft("messages", listMessages(deps.db, id, { forVisitor: false })) : Promise.resolve([]);
  const [agents, page, counts, current, messages, contact, orders, visitor] = await Promise.all([
    soft("agents", listAgents(deps.db)),
    soft("conversations", listInboxPage(deps.db, { ...list, agentId })),
    soft("counts", countInbox(deps.db, { agentId, q: list.q })),
    id ? soft("conversation", inboxItem(deps.db, id)) : Promise.resolve(null),
    read,
    id ? soft("contact", contactPanel(deps, id)) : Promise.resolve(null),
    id && can(user, "orders:manage") ? read.then((list) => ordersNamed(list, id)) : Promise.resolve(null),
    id ? soft("visitor", readVisitorContext(deps.db, id)) : Promise.resolve(null),
  ]);
  return {
    agent: agents?.find((a) => a.id === agentId) ?? null,
    agents,
    conversations: page?.items ?? null,
    counts,
    older: page?.older ?? null,
    newer: page?.newer ?? null,
    current,
    selected: id,
    messages,
    contact,
    orders,
    visitor,
  };
}

async function contactPanel(deps: Deps, clientId: string): Promise<ContactPanel | null> {
  const contact = await contactForConversation(deps.db, clientId);
  if (!contact) return null;
  const [conversations, orders, claim, merges] = await Promise.all([
    contactConversations(deps.db, contact.id),
    contactOrders(deps.db, contact),
    contactClaim(deps.db, contact.id),
    undoableMerges(deps.db, contact.id),
  ]);
  return { contact, conversations, orders, claim, merges };
}
