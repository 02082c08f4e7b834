import type { ChatMessageView, PresenceView, TypingSignal, VisitorConversationState } from "./chat";
import type { PublicTrackingView } from "./orders";

/**
 * The one catalogue of live events (ADR 0025): every topic the event bus carries, the events of
 * each kind of topic, and each event's payload. The bus (app/.server/events/bus.ts), the
 * Server-Sent Events streams and the browser's stream hooks are typed from it, so a topic, an
 * event name or a payload that does not match is a type error instead of a screen that never
 * updates. The strings are the wire format: open pages and stored events (replayed after a
 * reconnect) carry them, so they never change. Browser-safe.
 */

/** The topics with one fixed name, by kind. */
export const TOPICS = {
  /** Staff screens (orders, couriers, the chat inbox): only a stream with a staff session carries it. */
  staff: "staff",
  /** Which agents are online: public (every visitor's chat header shows it). */
  presence: "chat:presence",
  /** Ended staff sessions: their live streams re-check at once. Never sent to browsers. */
  sessions: "sessions",
  /**
   * A product or a category changed: every instance's page cache drops the shop pages (and its
   * copy of the categories). Never sent to browsers.
   */
  catalog: "catalog",
  /** Site texts, settings or images changed: every instance drops its copies. Never sent to browsers. */
  site: "site",
  /** The order settings changed: every instance drops its cached copy. Never sent to browsers. */
  orderSettings: "order-settings",
} as const;

// A topic with a variable part is made by its builder only: a plain string never passes for one,
// and 'chat:presence' (a fixed topic that shares the prefix) never passes for a conversation.
declare const built: unique symbol;
export type ChatTopic = `chat:${string}` & { readonly [built]: "chat" };
export type OrderTopic = `order:${string}` & { readonly [built]: "order" };

const CHAT_PREFIX = "chat:";
const ORDER_PREFIX = "order:";

/** One visitor's conversation: only a stream that proved the conversation's secret carries it. */
export const chatTopic = (clientId: string) => `${CHAT_PREFIX}${clientId}` as ChatTopic;
/** One order's tracking page: the public view only (anyone holding the number may open it). */
export const orderTopic = (trackingNumber: string) => `${ORDER_PREFIX}${trackingNumber}` as OrderTopic;
/** The tracking number an order's topic was built from. */
export const trackingNumberOf = (topic: OrderTopic) => topic.slice(ORDER_PREFIX.length);

type TopicOfKind = { -readonly [K in keyof typeof TOPICS]: (typeof TOPICS)[K] } & {
  chat: ChatTopic;
  order: OrderTopic;
};
export type TopicKind = keyof TopicOfKind;
export type Topic = TopicOfKind[TopicKind];
/** The kind of a topic type: `KindOf<"staff">` is "staff", `KindOf<ChatTopic>` is "chat". */
export type KindOf<T extends Topic> = { [K in TopicKind]: T extends TopicOfKind[K] ? K : never }[TopicKind];

/** What a change did to the thing it names. */
type Change<A extends string> = { id: string; action: A };
type Empty = Record<string, never>;

/** The kinds of site content whose change drops the cached copies. */
export type SiteChangeKind =
  | "text"
  | "settings"
  | "banner"
  | "hero"
  | "customer-photos"
  | "prices"
  | "schedule";

/** What an order's tracking topic carries on a change: `newEventId` names the timeline line it wrote. */
export type TrackingUpdate = PublicTrackingView & { newEventId?: string };

/** Each kind of topic: its events by name, and each event's payload. */
export type EventCatalogue = {
  staff: {
    /** A message in any conversation; `name` is the visitor's as staff see it (alerts come before the list knows them). */
    "chat.message": { message: ChatMessageView; created: boolean; name?: string };
    "chat.client": { clientId: string; action: "updated" | "deleted" };
    "chat.agent": { id: string };
    "chat.contact": { contactId: string };
    /** Live only (never stored): a visitor typing. */
    "chat.typing": TypingSignal;
    /** Live only (never stored): a visitor with a conversation opened a page (issue 41). */
    "chat.visit": { clientId: string };
    "order.changed": Change<"created" | "updated" | "deleted"> & { trackingNumber: string };
    "courier.changed": Change<"created" | "updated" | "deleted">;
    "shipment.changed": Change<"created" | "updated" | "deleted">;
  };
  chat: {
    /** `state` when the message changed it (a resolved conversation opens again). */
    "chat.message": { message: ChatMessageView; state: VisitorConversationState | null };
    "chat.state": VisitorConversationState;
    "chat.deleted": Empty;
    /** Live only (never stored): an agent typing. */
    "chat.typing": TypingSignal;
  };
  presence: { "chat.presence": PresenceView };
  order: { "order.updated": TrackingUpdate; "order.deleted": Empty };
  sessions: { "sessions.ended": { userId: string } };
  catalog: { "catalog.changed": Change<"saved" | "deleted" | "stock" | "category"> };
  site: { "site.changed": { kind: SiteChangeKind } };
  orderSettings: { "order-settings.changed": Empty };
};

export type EventName<K extends TopicKind> = keyof EventCatalogue[K] & string;
/** Event names of several kinds together (`EventName` of a union keeps only the names they share). */
export type EventNameOf<K extends TopicKind> = { [Kind in K]: EventName<Kind> }[K];
/** The payload of event `N` on topic `T`. */
export type PayloadOf<T extends Topic, N extends EventName<KindOf<T>>> = EventCatalogue[KindOf<T>][N];

/** Every event of the kinds `K` as the bus carries it: topic, name and payload agree. */
export type CatalogueEvent<K extends TopicKind = TopicKind> = {
  [Kind in K]: {
    [N in EventName<Kind>]: { topic: TopicOfKind[Kind]; type: N; payload: EventCatalogue[Kind][N] };
  }[EventName<Kind>];
}[K];

const LISTED = {
  staff: [
    "chat.message",
    "chat.client",
    "chat.agent",
    "chat.contact",
    "chat.typing",
    "chat.visit",
    "order.changed",
    "courier.changed",
    "shipment.changed",
  ],
  chat: ["chat.message", "chat.state", "chat.deleted", "chat.typing"],
  presence: ["chat.presence"],
  order: ["order.updated", "order.deleted"],
  sessions: ["sessions.ended"],
  catalog: ["catalog.changed"],
  site: ["site.changed"],
  orderSettings: ["order-settings.changed"],
} as const satisfies { [K in TopicKind]: readonly EventName<K>[] };

// Every event of the catalogue is listed above: a missing name fails here.
type Unlisted = { [K in TopicKind]: Exclude<EventName<K>, (typeof LISTED)[K][number]> }[TopicKind];
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;

/** Every event name of each kind, for the browser's listeners (an SSE listener is per name). */
export const EVENT_NAMES: { readonly [K in TopicKind]: readonly EventName<K>[] } = LISTED;

/** The kind of a topic as it travels (a string), or null for a topic outside the catalogue. */
export function topicKind(topic: string): TopicKind | null {
  // Object.entries forgets that its keys are TOPICS' own.
  for (const [kind, name] of Object.entries(TOPICS)) if (name === topic) return kind as keyof typeof TOPICS;
  if (topic.startsWith(CHAT_PREFIX)) return "chat";
  if (topic.startsWith(ORDER_PREFIX)) return "order";
  return null;
}

/** Whether `e` is event `type` on a topic of `kind`: narrows its topic and payload. */
export function isEvent<
  E extends { topic: string; type: string },
  K extends TopicKind,
  N extends EventName<K>,
>(e: E, kind: K, type: N): e is Extract<E, { topic: TopicOfKind[K]; type: N }> {
  return e.type === type && topicKind(e.topic) === kind;
}

/**
 * What each browser stream carries: the kinds of topics its route authorises
 * (app/.server/http/streams.ts).
 */
export const STREAMS = {
  staff: ["staff"],
  /** A visitor's conversation and who is online. */
  visitor: ["chat", "presence"],
  /** The chat widget before its first message: who is online. */
  presence: ["presence"],
  tracking: ["order"],
} as const satisfies Record<string, readonly TopicKind[]>;
export type StreamName = keyof typeof STREAMS;
type StreamKinds<S extends StreamName> = (typeof STREAMS)[S][number];
export type StreamEventName<S extends StreamName> = EventNameOf<StreamKinds<S>>;

/** Every event name stream `S` carries. */
export function streamEventNames<S extends StreamName>(stream: S): StreamEventName<S>[] {
  return namesOf<StreamKinds<S>>(STREAMS[stream]);
}
const namesOf = <K extends TopicKind>(kinds: readonly K[]): EventNameOf<K>[] =>
  kinds.flatMap((kind) => EVENT_NAMES[kind]);

/**
 * An event as a browser's stream delivers it, narrowed by `type`: `id` is 0 for a live-only signal
 * (typing), which has no place in the replay.
 */
export type StreamEvent<S extends StreamName = StreamName, N extends string = StreamEventName<S>> =
  Extract<CatalogueEvent<StreamKinds<S>>, { type: N }> extends infer E
    ? E extends { type: infer Name; payload: infer P }
      ? { id: number; topic: string; type: Name; payload: P; signal?: boolean }
      : never
    : never;
