import { auditActionLabel, auditTargetLabel } from "./audit";
import { type ChangeLine, type ChangeLookups, describeChanges } from "./change-labels";
import { DEFAULT_TIME_ZONE, formatMessageTime, zonedDay } from "./dates";
import { HERO_FRAME_AUDIT, HERO_OVERLAY_LABELS } from "./hero-frame";
import { isUuid } from "./ids";

/**
 * One 'Actividad' entry as the owner reads it (issue 42): who acted, what they did, what it was
 * about and what changed, all in words: never an id, a visitor's session, a file name or a
 * country code. The page's loader describes every row with this, and the tests render the same.
 */

/** The names the log cannot know from a row alone, found by the loader for the rows of a page. */
export type AuditLookups = ChangeLookups & {
  /** Staff members by id: the person a 'staff.*' row is about. */
  staff?: Record<string, string>;
  /** Conversations by the visitor's session id, named as the inbox names them. */
  conversations?: Record<string, string>;
  /** Chat agents by id: whose status an 'agent.status' row changed. */
  agents?: Record<string, string>;
};

export type AuditRowInput = {
  id: number;
  at: string;
  actorName: string | null;
  action: string;
  entityId: string | null;
  target: string | null;
  changes: Record<string, unknown> | null;
};

export type AuditEntryView = {
  id: number;
  at: string;
  /** The person who acted; 'Sistema' for the site itself, never an address or an id. */
  who: string;
  /** What happened ('Pedido editado'). */
  label: string;
  /** What it was about ('TRK-2026-ABC123', 'Rosa', 'Copia de seguridad del 28 nov, 06:27'), if anything. */
  target: string | null;
  /** An image change's own words. */
  summary: string | null;
  lines: ChangeLine[];
};

/** Rows written by someone who was not signed in (the sign-in page, '¿Olvidaste tu contraseña?'). */
const SIGNED_OUT = new Set(["auth.sign-in-failed", "staff.reset-requested"]);

/** `minimarket-2026-11-28-112716Z.tar.gz` (app/.server/backup/manifest.ts archiveName). */
const BACKUP_FILE = /^minimarket-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})Z(?:-\d+)?\.tar\.gz$/;

/** A copy by the moment it was made, in the shop's time: 'Copia de seguridad del 28 nov, 06:27'. */
export function backupLabel(fileName: string | null, timeZone = DEFAULT_TIME_ZONE, now = new Date()): string {
  const m = fileName ? BACKUP_FILE.exec(fileName) : null;
  if (!m) return "Copia de seguridad";
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const when = formatMessageTime(at, timeZone, now);
  return zonedDay(at, timeZone) === zonedDay(now, timeZone)
    ? `Copia de seguridad de hoy, ${when}`
    : `Copia de seguridad del ${when}`;
}

/** The browser's push service (a subscription's host) as people know the browser. */
export function pushServiceLabel(host: string | null): string {
  const h = (host ?? "").toLowerCase();
  if (h.endsWith("googleapis.com")) return "Chrome o Android";
  if (h.endsWith("mozilla.com")) return "Firefox";
  if (h.endsWith("apple.com")) return "iPhone, iPad o Mac";
  if (h.endsWith("windows.com")) return "Microsoft Edge";
  return "Otro navegador";
}

/** Whether a recorded name is a key rather than words: an id, a visitor's session, a file or a path. */
const internal = (s: string) =>
  /^session_/i.test(s) ||
  /\.(tar\.gz|gz|webp|jpe?g|png|gif|avif)$/i.test(s) ||
  s.startsWith("/") ||
  isUuid(s);

function targetOf(row: AuditRowInput, lookups: AuditLookups, timeZone: string, now: Date): string | null {
  const { action, entityId, target } = row;
  const kind = action.split(".")[0];
  const found = (table: Record<string, string> | undefined) =>
    entityId && table && Object.hasOwn(table, entityId) ? table[entityId] : undefined;
  const asWritten = target && !internal(target) ? target : null;
  switch (kind) {
    case "conversation":
      // By the name the inbox shows now (the contact's, staff's rename, 'Visitante 1042'); a deleted
      // one by the name recorded, never by the visitor's session.
      return found(lookups.conversations) ?? asWritten ?? "Un visitante";
    case "staff":
      return found(lookups.staff) ?? asWritten;
    case "agent":
      return found(lookups.agents) ?? asWritten;
    case "backup":
      return backupLabel(target, timeZone, now);
    case "push":
      return pushServiceLabel(target);
    default: {
      if (!target) return null;
      const named = auditTargetLabel(action, target);
      return named !== target ? named : asWritten;
    }
  }
}

function whoOf(row: AuditRowInput, lookups: AuditLookups): string {
  if (row.actorName) return row.actorName;
  // A status is always someone's own choice: theirs, even on a row written without its author.
  if (row.action === "agent.status") {
    const agent = row.entityId && lookups.agents?.[row.entityId];
    if (agent) return agent;
  }
  return SIGNED_OUT.has(row.action) ? "Alguien sin iniciar sesión" : "Sistema";
}

/** The lines of a hero image's 'Guardar encuadre' (issue 42), by the words of its card. */
const HERO_FRAME_FIELDS: Record<string, { label: string; words: (v: unknown) => string }> = {
  focalX: { label: "Punto horizontal", words: (v) => `${String(v)} %` },
  focalY: { label: "Punto vertical", words: (v) => `${String(v)} %` },
  overlay: {
    label: "Oscurecido detrás del título",
    words: (v) =>
      Object.hasOwn(HERO_OVERLAY_LABELS, String(v))
        ? HERO_OVERLAY_LABELS[String(v) as keyof typeof HERO_OVERLAY_LABELS].label
        : "Otro valor",
  },
};

/**
 * A hero image's new framing ('site.images' with `what` 'focal-point'): 'Encuadre de la imagen
 * principal cambiado' and each changed value before → after; null for any other row.
 */
function heroFrameChanges(row: AuditRowInput): Pick<AuditEntryView, "summary" | "lines"> | null {
  const changes = row.changes;
  if (row.action !== "site.images" || changes?.what !== HERO_FRAME_AUDIT) return null;
  const which = changes.main === true ? "de la imagen principal" : "de una imagen de la galería";
  const lines: ChangeLine[] = [];
  for (const [key, field] of Object.entries(HERO_FRAME_FIELDS)) {
    const v = changes[key];
    if (!Array.isArray(v) || v.length !== 2) continue;
    lines.push({
      label: field.label,
      before: { kind: "text", text: field.words(v[0]) },
      after: { kind: "text", text: field.words(v[1]) },
    });
  }
  return { summary: `Encuadre ${which} cambiado`, lines };
}

/** One row of the audit log in words (see the module's comment). */
export function describeAuditEntry(
  row: AuditRowInput,
  lookups: AuditLookups = {},
  opts: { timeZone?: string; now?: Date } = {},
): AuditEntryView {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const now = opts.now ?? new Date();
  return {
    id: row.id,
    at: row.at,
    who: whoOf(row, lookups),
    label: auditActionLabel(row.action),
    target: targetOf(row, lookups, timeZone, now),
    ...(heroFrameChanges(row) ?? describeChanges(row.changes, lookups, row.action)),
  };
}
