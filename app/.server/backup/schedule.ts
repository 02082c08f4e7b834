import { ConflictError } from "../errors";
import { type BackupDeps, createBackup } from "./create";

/** The date and hour now in `timeZone`: the scheduled backup's slot is the date. */
export function localSlot(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export const SCHEDULE_CHECK_MS = 60_000;

/**
 * The daily backup (BACKUP_HOUR in TIME_ZONE): every instance looks once a minute, and the first
 * to claim the day's slot in the catalogue (a unique column) takes it; the others see it taken.
 * A server that was off at that hour backs up at its first minute after it, the same day.
 */
export function startBackupSchedule(deps: BackupDeps, now: () => Date = () => new Date()): () => void {
  const { hour } = deps.settings;
  if (hour === null) return () => {};
  let doneDay: string | null = null;
  let running = false;
  const check = async () => {
    const slot = localSlot(now(), deps.settings.timeZone);
    if (running || slot.hour < hour || slot.day === doneDay) return;
    running = true;
    try {
      const result = await createBackup(deps, { kind: "scheduled", slot: slot.day });
      doneDay = slot.day;
      if (result)
        deps.logger.info(
          { file: result.file, bytes: result.bytes },
          `Copia de seguridad diaria creada: ${result.fileName}`,
        );
    } catch (err) {
      // Another backup is running: try again next minute. Anything else failed this day's slot.
      if (!(err instanceof ConflictError)) {
        doneDay = slot.day;
        deps.logger.error({ err }, "La copia de seguridad diaria falló");
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), SCHEDULE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
