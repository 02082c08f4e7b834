import { pruneAudit } from "./audit/audit";
import { pruneLoginAttempts } from "./auth/login";
import { deleteExpiredSessions } from "./auth/sessions";
import type { Config } from "./config";
import { pruneSchedule } from "./content/schedule";
import type { Deps } from "./deps";
import type { Logger } from "./logger";
import { pruneMail } from "./mail/queue";
import { pruneDeliveries } from "./push/subscriptions";
import { pruneRateLimits } from "./ratelimit";
import { pruneRequestResults } from "./request-keys";

/** The timer acts for nobody: no actor. */
type HousekeepingDeps = Pick<Deps, "db" | "bus"> & { config: Config };

/** Ten minutes: rate-limit windows are at most an hour, login windows at most a day. */
export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/**
 * Deletes what only matters for a while: expired sessions, sign-in records past their use,
 * rate-limit windows that ended, live events older than a day (a stream resumes from at most a
 * day back), request keys' results past any retry, audit rows past AUDIT_RETENTION_DAYS, ended
 * announcements and special dates, e-mails older than 90 days. Every instance runs it; the
 * deletes are idempotent.
 */
export async function runHousekeeping({ db, bus, config }: HousekeepingDeps): Promise<void> {
  await Promise.all([
    deleteExpiredSessions(db, config.SESSION_MAX_DAYS),
    pruneLoginAttempts(db, config.LOGIN_WINDOW_MINUTES),
    pruneRateLimits(db),
    pruneRequestResults(db),
    bus.prune(24 * 3600_000),
    pruneAudit(db, config.AUDIT_RETENTION_DAYS),
    pruneDeliveries(db),
    pruneSchedule(db, config.TIME_ZONE),
    pruneMail(db),
  ]);
}

/** Runs housekeeping a minute after start (a restart loop must not skip it) and then on a schedule. */
export function startHousekeeping(deps: HousekeepingDeps, logger: Logger): () => void {
  const run = () => void runHousekeeping(deps).catch((err) => logger.warn({ err }, "housekeeping failed"));
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, HOUSEKEEPING_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
