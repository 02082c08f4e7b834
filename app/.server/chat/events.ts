import type { WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";

/** What chat functions need: the database and the bus that tells screens about changes. */
export type ChatDeps = { db: Db; bus: EventBus } & WithActor;

export const STAFF_TOPIC = "staff";
/** One visitor's conversation: only a stream that proved the conversation secret carries it. */
export const chatTopic = (clientId: string) => `chat:${clientId}`;
/** Which agents are online: public (every visitor's header shows it). */
export const PRESENCE_TOPIC = "chat:presence";

/** Event types on the staff stream. */
export const STAFF_EVENTS = ["chat.message", "chat.client", "chat.agent"] as const;
/** Event types on a visitor's stream. */
export const VISITOR_EVENTS = ["chat.message", "chat.state", "chat.deleted", "chat.presence"] as const;
