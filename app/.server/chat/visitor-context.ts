import { desc, eq, sql } from "drizzle-orm";
import type { VisitorContext } from "../../lib/chat";
import { TOPICS } from "../../lib/events";
import { describeUserAgent } from "../../lib/user-agent";
import {
  type BrowserContext,
  type CountryGuess,
  guessCountry,
  languageNames,
  PAGE_TITLE_MAX,
  pagePathSchema,
  VISIT_GAP_MS,
  type VisitorPageValues,
} from "../../lib/visitor-context";
import { type Db, rowsOf } from "../db/client";
import { chatClients, chatPageViews, contacts } from "../db/schema";
import type { Deps } from "../deps";
import { ForbiddenError, InvalidInputError, NotFoundError } from "../errors";
import { enforceRateLimit, type RateRule } from "../ratelimit";
import { checkAccess } from "./visitor";

/*
 * The visitor's context for staff (issue 41): the pages a visitor with a conversation opens and
 * what their browser says about itself. Kept with the conversation (chat_page_views and
 * chat_clients.visitor go with it: on delete cascade), read by the inbox's side panel only.
 */

/** The newest pages kept per conversation; older ones are deleted as new ones come. */
export const PAGE_VIEWS_KEPT = 50;
/** The same page again this soon is the same view (a reload, a report sent twice). */
export const REPEAT_WITHIN_MS = 10_000;
/** Pages a conversation may report: a visitor clicking through products stays well below it. */
export const PAGE_RATE: RateRule = { limit: 30, windowSeconds: 60 };

export type PageView = { path: string; title: string | null; at: string };

/**
 * One page the visitor opened: stored unless it repeats the newest one within REPEAT_WITHIN_MS,
 * and only the newest PAGE_VIEWS_KEPT stay. One statement. Answers whether it was stored.
 */
export async function recordPageView(
  deps: Pick<Deps, "db">,
  clientId: string,
  page: { path: string; title?: string | null },
  now: Date = new Date(),
): Promise<boolean> {
  const path = pagePathSchema.safeParse(page.path);
  if (!path.success) throw new InvalidInputError("schema", "path", path.error.issues[0]?.message);
  const title = page.title?.trim().slice(0, PAGE_TITLE_MAX) || null;
  const at = now.toISOString();
  const since = new Date(now.getTime() - REPEAT_WITHIN_MS).toISOString();
  // The delete reads the table as it was before the insert: it keeps the newest KEPT - 1 of the
  // older rows, and the new one makes KEPT.
  const result = await deps.db.execute(sql`
    with newest as (
      select ${chatPageViews.path} as path, ${chatPageViews.at} as at from ${chatPageViews}
      where ${chatPageViews.clientId} = ${clientId}
      order by ${chatPageViews.at} desc, ${chatPageViews.id} desc limit 1
    ), added as (
      insert into ${chatPageViews} ("client_id", "path", "title", "at")
      select ${clientId}, ${path.data}, ${title}, ${at}::timestamptz
      where not exists (select 1 from newest where newest.path = ${path.data} and newest.at > ${since}::timestamptz)
      returning "id"
    ), trimmed as (
      delete from ${chatPageViews}
      where exists (select 1 from added) and ${chatPageViews.id} in (
        select "id" from ${chatPageViews} where ${chatPageViews.clientId} = ${clientId}
        order by ${chatPageViews.at} desc, ${chatPageViews.id} desc offset ${PAGE_VIEWS_KEPT - 1}
      )
    )
    select count(*)::int as added from added`);
  return (rowsOf<{ added: number }>(result)[0]?.added ?? 0) > 0;
}

/** Merges what the browser said into the conversation's context (a key it did not send stays). */
export async function saveVisitorContext(db: Db, clientId: string, ctx: VisitorContext): Promise<void> {
  const known = Object.fromEntries(Object.entries(ctx).filter(([, v]) => v !== undefined));
  if (Object.keys(known).length === 0) return;
  await db
    .update(chatClients)
    .set({ visitor: sql`coalesce(${chatClients.visitor}, '{}'::jsonb) || ${JSON.stringify(known)}::jsonb` })
    .where(eq(chatClients.clientId, clientId));
}

/**
 * POST /api/chat/page (its values parsed by visitorPageSchema): the visitor opened `path` (the
 * widget reports every page of a visitor with a conversation), and with the first report of a
 * page load, the browser's context; the device comes from the request's User-Agent. Guarded by
 * the conversation secret, limited per conversation. Staff with the conversation open hear of it
 * (a live signal, never stored).
 */
export async function recordVisit(
  deps: Deps,
  input: VisitorPageValues,
  secret: string | null | undefined,
  opts: { userAgent?: string | null; now?: Date } = {},
): Promise<{ recorded: boolean }> {
  const { clientId, path, title, context } = input;
  const access = await checkAccess(deps.db, clientId, secret);
  if (access === "not_found") throw new NotFoundError("conversation");
  if (access === "forbidden") throw new ForbiddenError("conversation-secret");
  const now = opts.now ?? new Date();
  await enforceRateLimit(deps.db, "chat-page", clientId, { ...PAGE_RATE, now });
  if (context) await saveVisitorContext(deps.db, clientId, contextOf(context, opts.userAgent));
  const recorded = await recordPageView(deps, clientId, { path, title }, now);
  if (recorded) await deps.bus.signal(TOPICS.staff, "chat.visit", { clientId });
  return { recorded };
}

function contextOf(ctx: BrowserContext, userAgent: string | null | undefined): VisitorContext {
  return {
    device: describeUserAgent(userAgent),
    timeZone: ctx.timeZone,
    languages: ctx.languages,
    firstSeen: ctx.firstSeen,
    visits: ctx.visits,
  };
}

/** What the side panel shows about the visitor: staff only. */
export type VisitorContextView = {
  device: string | null;
  /** 'Español, Inglés'. */
  language: string | null;
  timeZone: string | null;
  firstSeen: string | null;
  visits: number | null;
  countryGuess: CountryGuess | null;
  /** This visit's pages, newest first (the first is where the visitor is, or was last). */
  pages: PageView[];
  current: PageView | null;
};

/** The pages of the newest visit: back from the newest view until a pause longer than VISIT_GAP_MS. */
export function thisVisit(newestFirst: readonly PageView[]): PageView[] {
  const visit: PageView[] = [];
  for (const view of newestFirst) {
    const later = visit.at(-1);
    if (later && Date.parse(later.at) - Date.parse(view.at) > VISIT_GAP_MS) break;
    visit.push(view);
  }
  return visit;
}

/** The visitor's context for the side panel; null when the conversation does not exist. */
export async function readVisitorContext(db: Db, clientId: string): Promise<VisitorContextView | null> {
  const [[row], views] = await Promise.all([
    db
      .select({
        visitor: chatClients.visitor,
        phone: sql<string | null>`coalesce(${contacts.phone}, ${contacts.claimedPhone})`,
      })
      .from(chatClients)
      .leftJoin(contacts, eq(contacts.id, chatClients.contactId))
      .where(eq(chatClients.clientId, clientId))
      .limit(1),
    db
      .select({ path: chatPageViews.path, title: chatPageViews.title, at: chatPageViews.at })
      .from(chatPageViews)
      .where(eq(chatPageViews.clientId, clientId))
      .orderBy(desc(chatPageViews.at), desc(chatPageViews.id))
      .limit(PAGE_VIEWS_KEPT),
  ]);
  if (!row) return null;
  const v = row.visitor ?? {};
  const pages = thisVisit(views.map((p) => ({ path: p.path, title: p.title, at: p.at.toISOString() })));
  return {
    device: v.device ?? null,
    language: languageNames(v.languages),
    timeZone: v.timeZone ?? null,
    firstSeen: v.firstSeen ?? null,
    visits: v.visits ?? null,
    countryGuess: guessCountry({ timeZone: v.timeZone, languages: v.languages, phone: row.phone }),
    pages,
    current: pages[0] ?? null,
  };
}
