import type { WithActor } from "./audit/audit";
import type { Db } from "./db/client";
import type { EventBus } from "./events/bus";
import type { Logger } from "./logger";
import type { Storage } from "./storage/storage";

/**
 * What a domain function that changes something takes: the database, the bus that tells screens
 * and the other instances, and who acts (the audit log's actor; none for the visitor or the
 * system). A route passes the services with the signed-in actor; a test passes its own database.
 * Domain modules name this, never Services (services.ts builds everything above them).
 */
export type Deps = { db: Db; bus: EventBus } & WithActor;

/** A change that stores or drops files (images): the storage, and the log a failed removal goes to. */
export type FileDeps = Deps & { storage: Storage; logger: Logger };
