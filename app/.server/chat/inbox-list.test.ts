import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { INBOX_FILTERS, type InboxFilter, isClientId } from "../../lib/chat";
import { cursorParam, parseCursor } from "../../lib/keyset";
import { makeAgent } from "../testing/chat";
import { setupTestDatabase } from "../testing/setup";
import { countInbox, type InboxItem, inboxItem, listInboxPage } from "./inbox-list";

const deps = setupTestDatabase({ bus: true });
const N = 10_000;
const BASE = Date.parse("2026-01-01T00:00:00Z");

/** Conversation i: resolved every 5th, named every 100th, assigned to A every 7th and B every 11th. */
const id = (i: number) => `session_1767225600000_c${String(i).padStart(6, "0")}`;
// Ten conversations share each second, so the order's tie-break (the client id) is exercised.
const at = (i: number) => BASE + Math.floor(i / 10) * 1000;
const resolved = (i: number) => i % 5 === 0;
const owner = (i: number) => (i % 7 === 0 ? "A" : i % 11 === 0 ? "B" : null);
let agentA = "";
let agentB = "";

beforeAll(async () => {
  agentA = (await makeAgent(deps, "Agente A")).id;
  agentB = (await makeAgent(deps, "Agente B")).id;
  await deps.db.execute(sql`
    insert into chat_clients (client_id, custom_name, last_active, status, unread_count)
    select 'session_1767225600000_c' || lpad(i::text, 6, '0'),
           case when i % 100 = 0 then 'María ' || i end,
           ${new Date(BASE).toISOString()}::timestamptz + (i / 10) * interval '1 second',
           case when i % 5 = 0 then 'resolved' else 'open' end,
           i % 3
    from generate_series(1, ${N}) i`);
  await deps.db.execute(sql`
    insert into chat_conversation_assignments (client_id, agent_id, is_active)
    select 'session_1767225600000_c' || lpad(i::text, 6, '0'),
           case when i % 7 = 0 then ${agentA}::uuid else ${agentB}::uuid end, true
    from generate_series(1, ${N}) i where i % 7 = 0 or i % 11 = 0`);
  // An old, inactive assignment must not count.
  await deps.db.execute(sql`
    insert into chat_conversation_assignments (client_id, agent_id, is_active)
    select 'session_1767225600000_c' || lpad(i::text, 6, '0'), ${agentA}::uuid, false
    from generate_series(1, ${N}) i where i % 13 = 0`);
  await deps.db.execute(sql`
    insert into chat_messages (client_id, sender, message, timestamp)
    select 'session_1767225600000_c' || lpad(i::text, 6, '0'), s.sender, s.sender || ' ' || i, s.t
    from generate_series(1, ${N}) i,
      lateral (values ('client', timestamptz '2026-01-01 00:00:00+00'),
                      ('admin', timestamptz '2026-01-01 00:00:01+00')) s(sender, t)
    where i % 50 = 0`);
}, 120_000);

const expected = (filter: InboxFilter, me: "A" | "B", match: (i: number) => boolean = () => true) => {
  const out: number[] = [];
  for (let i = 1; i <= N; i++) {
    if (!match(i)) continue;
    const ok =
      filter === "resueltas"
        ? resolved(i)
        : !resolved(i) &&
          (filter === "abiertas" || (filter === "mias" ? owner(i) === me : owner(i) === null));
    if (ok) out.push(i);
  }
  // Newest first: later second first, then the larger client id.
  return out.sort((a, b) => at(b) - at(a) || (id(b) < id(a) ? -1 : 1)).map(id);
};

async function walk(filter: InboxFilter, agentId: string, q?: string, limit = 200) {
  const ids: string[] = [];
  let after = null;
  let pages = 0;
  for (;;) {
    const page = await listInboxPage(deps.db, { filter, agentId, q, after, limit });
    ids.push(...page.items.map((c) => c.clientId));
    pages++;
    if (!page.older) return { ids, pages };
    after = page.older;
  }
}

describe("the inbox list over 10,000 conversations", () => {
  it("counts every filter, for the signed-in agent", async () => {
    const counts = await countInbox(deps.db, { agentId: agentA });
    for (const f of INBOX_FILTERS) expect(counts[f], f).toBe(expected(f, "A").length);
    expect((await countInbox(deps.db, { agentId: agentB })).mias).toBe(expected("mias", "B").length);
    expect((await countInbox(deps.db, { agentId: null })).mias).toBe(0);
  });

  it.each(INBOX_FILTERS)(
    "pages through '%s' newest first, every conversation once",
    async (filter) => {
      const { ids, pages } = await walk(filter, agentA);
      expect(ids).toEqual(expected(filter, "A"));
      expect(pages).toBe(Math.max(1, Math.ceil(ids.length / 200)));
    },
    120_000,
  );

  it("pages back from an older page to the first", async () => {
    const first = await listInboxPage(deps.db, { filter: "abiertas", agentId: agentA });
    expect(first.items).toHaveLength(50);
    expect(first.newer).toBeNull();
    const second = await listInboxPage(deps.db, { filter: "abiertas", agentId: agentA, after: first.older });
    const third = await listInboxPage(deps.db, { filter: "abiertas", agentId: agentA, after: second.older });
    const back = await listInboxPage(deps.db, { filter: "abiertas", agentId: agentA, before: third.newer });
    expect(back.items.map((c) => c.clientId)).toEqual(second.items.map((c) => c.clientId));
    const start = await listInboxPage(deps.db, { filter: "abiertas", agentId: agentA, before: back.newer });
    expect(start.items.map((c) => c.clientId)).toEqual(first.items.map((c) => c.clientId));
    expect(start.newer).toBeNull();
    expect(start.older).toEqual(first.older);
  });

  it("a cursor survives the URL and refuses garbage", () => {
    const c = { at: new Date(BASE).toISOString(), key: id(3) };
    expect(parseCursor(cursorParam(c), isClientId)).toEqual(c);
    for (const bad of ["", "x", "nodate~id", "2026-01-01~a~b", `2026-01-01~not-a-client`])
      expect(parseCursor(bad, isClientId)).toBeNull();
  });

  it("searches by name and by id over every conversation, with counts and paging", async () => {
    const named = (i: number) => i % 100 === 0 && String(i).startsWith("1");
    const { ids } = await walk("abiertas", agentA, "maría 1", 7);
    expect(ids).toEqual(expected("abiertas", "A", named));
    const counts = await countInbox(deps.db, { agentId: agentA, q: "MARÍA 1" });
    expect(counts.resueltas).toBe(expected("resueltas", "A", named).length);
    expect(counts.resueltas).toBeGreaterThan(0);
    // The oldest conversation is found by part of its id, far past the newest 500.
    const old = await listInboxPage(deps.db, { filter: "abiertas", agentId: agentA, q: "c000001" });
    expect(old.items.map((c) => c.clientId)).toEqual([id(1)]);
    // LIKE's characters are plain text.
    expect((await countInbox(deps.db, { agentId: agentA, q: "%" })).abiertas).toBe(0);
    expect((await countInbox(deps.db, { agentId: agentA, q: "_" })).abiertas).toBe(
      expected("abiertas", "A").length,
    );
  });

  it("each item carries its assignment, unread count and last message", async () => {
    const item = (await inboxItem(deps.db, id(350))) as InboxItem;
    expect(item).toMatchObject({
      clientId: id(350),
      customName: null,
      status: "resolved",
      unreadCount: 350 % 3,
      lastMessage: { text: "admin 350", sender: "admin" },
      assignment: { agentId: agentA, agentName: "Agente A" },
    });
    expect((await inboxItem(deps.db, id(1)))?.lastMessage).toBeNull();
    expect(await inboxItem(deps.db, "session_1767225600000_nothere")).toBeNull();
  });
});
