import { and, desc, eq, gt, like, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { chatClients, mailQueue } from "../db/schema";
import type { MailParamsOf } from "../mail/messages/params";
import { queueMail, queueOrCount } from "../mail/queue";
import { onlineAgents } from "./agents";

/**
 * The shop hears by e-mail of what arrives while nobody of the team is online (issue 40): a
 * contact-form message, a new chat, a visitor writing again. One e-mail per conversation per
 * NOTICE_WINDOW_MS at most: the first message after a quiet window is told at once; the ones that
 * follow within the window are counted into one follow-up sent when the window ends.
 *
 * Every notice of a conversation is a queue row whose dedupe key is `shop:<clientId>:<T>`, T
 * being when it is sent (epoch ms): an immediate notice at the message's time, a follow-up at the
 * end of the window it closes, which is where the next window starts. A decision reads the
 * conversation's latest notice while holding the conversation's row lock, so two instances
 * deciding for the same conversation take turns; the key makes a follow-up one row (counted into
 * with queueOrCount) however many instances and messages add to it.
 *
 * A staff reply drops the follow-up that was still waiting (cancelShopFollowUps): the shop is
 * answering, and a visitor who writes again within the window starts a new count.
 *
 * A quote request ('Tiendas Externas') goes to WhatsApp and never reaches the server (docs/product.md
 * §2.4), so nothing here hears of it; the notice's 'quote' kind waits for a request that does.
 */

export const NOTICE_WINDOW_MS = 15 * 60_000;
/** The longest excerpt of what the visitor wrote that a notice quotes. */
export const EXCERPT_MAX = 500;

type What = Exclude<MailParamsOf["shop.notice"]["what"], "more">;

/** Where the shop's notices go, and the sender to wake after a commit (services.siteContent, services.mail). */
export type ShopNotices = {
  /** The business address of 'Textos', or null when none is set (or it is not an address). */
  address(): Promise<string | null>;
  kick(): void;
};

/** The notices' dependencies from the app's services; read when a notice is due, not before. */
export function shopNoticesFrom(services: {
  siteContent: { get(): Promise<{ text: { contactEmail: string } }> };
  mail: { kick(): void };
}): ShopNotices {
  return {
    address: async () => shopAddress((await services.siteContent.get()).text.contactEmail),
    kick: () => services.mail.kick(),
  };
}

/**
 * The business address as 'Textos' holds it, when it is one: not empty, an address. The seeded
 * placeholder (info@minimarketlatino.example) counts: its notices wait in 'Correo' without a mail
 * server, and fail there, visibly, with one, which tells the owner to write the shop's own.
 */
export function shopAddress(text: string | null | undefined): string | null {
  const address = (text ?? "").trim();
  if (!address || !z.email().safeParse(address).success) return null;
  return address;
}

/** Where a notice of something arriving now goes: the business address while nobody is online, else null. */
export async function shopRecipient(db: Db, notices: ShopNotices, now = new Date()): Promise<string | null> {
  const { agents } = await onlineAgents(db, now);
  if (agents.length > 0) return null;
  return notices.address();
}

/** What the visitor wrote, as a notice quotes it: a photo is '[foto]'; long text is cut. */
export function excerptOf(text: string, photo = false): string | null {
  const body = [photo ? "[foto]" : "", text.trim()].filter(Boolean).join(" ");
  if (!body) return null;
  return body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX - 1)}…` : body;
}

const keyPrefix = (clientId: string) => `shop:${clientId}:`;
// A client id holds '_', which LIKE reads as any character.
const likePrefix = (clientId: string) => `${keyPrefix(clientId).replace(/[\\%_]/g, "\\$&")}%`;

export type Arrival = {
  clientId: string;
  /** What arrived: a contact-form message, a quote request, a new chat, or a message in an older one. */
  what: What;
  /** Who wrote, as staff see them. */
  name: string;
  excerpt: string | null;
  at: Date;
};

/**
 * Queues the shop's notice of a visitor's message in `tx` (the conversation exists in it): now,
 * or counted into the follow-up of the window it falls in. 'now', 'later', or null when neither
 * could be queued.
 */
export async function noticeShop(tx: Db, to: string, a: Arrival): Promise<"now" | "later" | null> {
  // Deciders of one conversation take turns (its row lock, held until the caller commits).
  await tx
    .select({ clientId: chatClients.clientId })
    .from(chatClients)
    .where(eq(chatClients.clientId, a.clientId))
    .for("update");
  const t = a.at.getTime();
  const last = await lastNoticeAt(tx, a.clientId, t);
  const params = { clientId: a.clientId, name: a.name.slice(0, 120), excerpt: a.excerpt };
  if (last === null || t >= last + NOTICE_WINDOW_MS) {
    const id = await queueMail(tx, {
      kind: "shop.notice",
      to,
      dedupeKey: `${keyPrefix(a.clientId)}${t}`,
      params: { what: a.what, ...params },
    });
    return id === null ? null : "now";
  }
  // The window this message falls in ends at the waiting follow-up, or one window after the last
  // notice sent. A follow-up that left meanwhile (its time came) hands over to the next window.
  let due = last > t ? last : last + NOTICE_WINDOW_MS;
  for (let tries = 0; tries < 2; tries++, due += NOTICE_WINDOW_MS) {
    const id = await queueOrCount(tx, {
      kind: "shop.notice",
      to,
      dedupeKey: `${keyPrefix(a.clientId)}${due}`,
      notBefore: new Date(due),
      params: { what: "more", ...params, count: 1 },
    });
    if (id !== null) return "later";
  }
  return null;
}

/**
 * When the conversation's latest notice was (or will be) sent, from its key; null when there was
 * none in the last two windows. Only rows made since then can matter: a follow-up is queued less
 * than one window before it is sent, so anything older lies more than a window behind `t`.
 */
async function lastNoticeAt(tx: Db, clientId: string, t: number): Promise<number | null> {
  const [row] = await tx
    .select({ key: mailQueue.dedupeKey })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.kind, "shop.notice"),
        // A minute more for the clocks of the app and the database to disagree.
        gt(mailQueue.createdAt, new Date(t - 2 * NOTICE_WINDOW_MS - 60_000)),
        like(mailQueue.dedupeKey, likePrefix(clientId)),
      ),
    )
    .orderBy(desc(mailQueue.id))
    .limit(1);
  if (!row?.key) return null;
  const at = Number(row.key.slice(keyPrefix(clientId).length));
  return Number.isFinite(at) ? at : null;
}

/**
 * Staff answered: a follow-up notice of this conversation that was still waiting goes (in the
 * reply's transaction). The notices already sent stay, and with them the window: a visitor who
 * writes again soon is counted into a new follow-up at the window's end.
 */
export async function cancelShopFollowUps(tx: Db, clientId: string): Promise<void> {
  await tx
    .delete(mailQueue)
    .where(
      and(
        eq(mailQueue.kind, "shop.notice"),
        eq(mailQueue.state, "queued"),
        eq(mailQueue.attempts, 0),
        sql`${mailQueue.nextAttemptAt} > now()`,
        like(mailQueue.dedupeKey, likePrefix(clientId)),
      ),
    );
}
