import type { WithActor } from "../audit/audit";
import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";

/** What chat functions need: the database and the bus that tells screens about changes. */
export type ChatDeps = { db: Db; bus: EventBus } & WithActor;
