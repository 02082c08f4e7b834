/**
 * This browser's visits to the site (issue 41): when it first came and how many visits it made,
 * one per browser session. Kept in this browser only; the chat widget sends it to staff with a
 * conversation's page reports, never otherwise. Dependency-free on purpose: the always-loaded chat
 * button counts the visit on every page load.
 */
export type Visits = { firstSeen: string; visits: number };

const VISITS_KEY = "mm_visits";
const SESSION_KEY = "mm_visit";

export function readVisits(): Visits | null {
  try {
    const v = JSON.parse(window.localStorage.getItem(VISITS_KEY) ?? "null") as Partial<Visits> | null;
    if (typeof v?.firstSeen !== "string" || !Number.isInteger(v.visits) || (v.visits ?? 0) < 1) return null;
    return { firstSeen: v.firstSeen, visits: v.visits as number };
  } catch {
    return null;
  }
}

/** Counts this visit once per browser session (a new tab of the same session is the same visit). */
export function countVisit(now: Date = new Date()): void {
  try {
    if (window.sessionStorage.getItem(SESSION_KEY)) return;
    window.sessionStorage.setItem(SESSION_KEY, "1");
    const known = readVisits();
    const next: Visits = {
      firstSeen: known?.firstSeen ?? now.toISOString(),
      visits: (known?.visits ?? 0) + 1,
    };
    window.localStorage.setItem(VISITS_KEY, JSON.stringify(next));
  } catch {
    // Private mode or storage off: nothing counted, nothing breaks.
  }
}
