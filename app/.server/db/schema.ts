import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AGENT_STATUSES, CHAT_RATINGS, CONVERSATION_STATUSES, type VisitorContext } from "../../lib/chat";
import type { HeroStyleSettings } from "../../lib/hero";
import { HERO_OVERLAYS } from "../../lib/hero-frame";
import { MAIL_KINDS, MAIL_STATES } from "../../lib/mail";
import { ORDER_STATUSES, type OrderStatus } from "../../lib/orders";
import type { ContentLine } from "../../lib/parcel";
import { STAFF_ROLES } from "../../lib/permissions";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

export type { HeroStyleSettings } from "../../lib/hero";
export { STAFF_ROLES, type StaffRole } from "../../lib/permissions";

// ---------------------------------------------------------------- staff & auth

export const staffUsers = pgTable(
  "staff_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    lastSignInAt: ts("last_sign_in_at"),
    /** Set while the account is deactivated: it cannot sign in and has no sessions. */
    deactivatedAt: ts("deactivated_at"),
  },
  (t) => [
    uniqueIndex("staff_users_email_key").on(sql`lower(${t.email})`),
    check("staff_users_role_check", sql`${t.role} in ('admin', 'operador')`),
    check("staff_users_email_check", sql`${t.email} = lower(${t.email}) and position('@' in ${t.email}) > 1`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a leaked database row cannot be replayed as a cookie.
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    renewedAt: ts("renewed_at").notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const STAFF_TOKEN_PURPOSES = ["invitation", "reset"] as const;
export type StaffTokenPurpose = (typeof STAFF_TOKEN_PURPOSES)[number];

/**
 * A link sent by e-mail that lets one staff member choose a password (issue 40): an invitation
 * (48 hours) or a reset. Works once; a newer link of the same purpose ends the older ones.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    // SHA-256 of the token in the link, like sessions: a leaked row cannot be used as a link.
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: STAFF_TOKEN_PURPOSES }).notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    index("staff_tokens_user_idx").on(t.userId),
    check("staff_tokens_purpose_check", sql`${t.purpose} in ('invitation', 'reset')`),
  ],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
    // A success is kept too: it makes its address familiar (auth/login.ts).
    succeeded: boolean("succeeded").notNull().default(false),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

// ---------------------------------------------------------------- catalog

export const categories = pgTable("categories", {
  value: text("value").primaryKey(),
  label: text("label").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category").references(() => categories.value, {
      onDelete: "set null",
      onUpdate: "cascade",
    }),
    imageUrl: text("image_url"),
    isOnSale: boolean("is_on_sale").notNull().default(false),
    saleInfo: text("sale_info"),
    fontFamily: text("font_family").notNull().default("Inter"),
    stockQuantity: integer("stock_quantity").notNull().default(1),
    /** Optional price in US cents; none means 'Consultar precio'. */
    priceCents: integer("price_cents"),
    /** Optional sale price in US cents, below the price, shown while the product is on sale. */
    salePriceCents: integer("sale_price_cents"),
    /** 'Visible' or 'Oculto': a hidden product is only seen by staff (not in the shop, search, sitemap). */
    visible: boolean("visible").notNull().default(true),
    /** The stock it had when 'Marcar Agotado' set it to 0, so 'Marcar Disponible' brings it back. */
    stockBeforeSoldOut: integer("stock_before_sold_out"),
  },
  (t) => [
    check("products_stock_check", sql`${t.stockQuantity} >= 0`),
    check("products_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      "products_sale_price_check",
      sql`${t.salePriceCents} is null or (${t.priceCents} is not null and ${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents})`,
    ),
    check("products_name_check", sql`length(trim(${t.name})) > 0`),
    check("products_stock_before_check", sql`${t.stockBeforeSoldOut} is null or ${t.stockBeforeSoldOut} > 0`),
    index("products_created_idx").on(t.createdAt.desc()),
    index("products_category_idx").on(t.category),
  ],
);

// ---------------------------------------------------------------- site content

const singleRowId = () => integer("id").primaryKey().default(1);

export const siteText = pgTable(
  "site_text",
  {
    id: singleRowId(),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [check("site_text_single_row", sql`${t.id} = 1`)],
);

export const siteSettings = pgTable(
  "site_settings",
  {
    id: singleRowId(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * Who changed the site's texts, settings or banner, and to what: a snapshot of the whole saved
 * value per save (the admin sees the last changes and can restore a version of the texts).
 */
export const CONTENT_CHANGE_KINDS = ["text", "settings", "banner", "prices"] as const;
export const siteContentChanges = pgTable(
  "site_content_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CONTENT_CHANGE_KINDS }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    changedBy: uuid("changed_by").references(() => staffUsers.id, { onDelete: "set null" }),
    changedAt: ts("changed_at").notNull().defaultNow(),
  },
  (t) => [
    check("site_content_changes_kind_check", sql`${t.kind} in ('text', 'settings', 'banner', 'prices')`),
    index("site_content_changes_at_idx").on(t.changedAt.desc()),
  ],
);

/**
 * The price list the owner edits at /admin/precios (app/lib/price-list.ts): box sizes and prices,
 * the Personal Shop commission and price per pound. One row; each save is also a 'prices' entry
 * of site_content_changes (history and 'Restaurar').
 */
export const shopPrices = pgTable(
  "shop_prices",
  {
    id: singleRowId(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [check("shop_prices_single_row", sql`${t.id} = 1`)],
);

/** The announcement bar above every public page's header (/admin/avisos), shown from `startsAt` until `endsAt`. */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    message: text("message").notNull(),
    linkUrl: text("link_url"),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("announcements_period_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("announcements_message_check", sql`length(trim(${t.message})) > 0`),
    index("announcements_ends_idx").on(t.endsAt),
  ],
);

/**
 * Special dates (/admin/avisos): the shop is closed, or open other hours, from `startsOn` to
 * `endsOn` (Miami dates, inclusive). They override the weekly hours of 'Textos' on those days.
 */
export const specialHours = pgTable(
  "special_hours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    closed: boolean("closed").notNull().default(true),
    /** '10:00' (24 h) when open other hours. */
    opensAt: text("opens_at"),
    closesAt: text("closes_at"),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("special_hours_period_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "special_hours_open_check",
      sql`${t.closed} or (${t.opensAt} is not null and ${t.closesAt} is not null)`,
    ),
    index("special_hours_ends_idx").on(t.endsOn),
  ],
);

export const heroGalleryImages = pgTable(
  "hero_gallery_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    imageUrl: text("image_url").notNull(),
    displayOrder: integer("display_order").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    altText: text("alt_text"),
    uploadedBy: uuid("uploaded_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    styleSettings: jsonb("style_settings").$type<HeroStyleSettings>(),
    /** The point of the picture that stays in view on every screen, in % from the left and the top. */
    focalX: integer("focal_x").notNull().default(50),
    focalY: integer("focal_y").notNull().default(50),
    /** How much the picture is darkened under the title: 'auto' follows `brightness`. */
    overlay: text("overlay", { enum: HERO_OVERLAYS }).notNull().default("auto"),
    /** The picture's mean lightness 0–100, measured at upload; null (older rows): medium. */
    brightness: integer("brightness"),
  },
  (t) => [
    check("hero_gallery_order_check", sql`${t.displayOrder} >= 0`),
    index("hero_gallery_order_idx").on(t.displayOrder),
    check("hero_gallery_focal_check", sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
    check("hero_gallery_overlay_check", sql`${t.overlay} in ('auto', 'claro', 'oscuro', 'ninguno')`),
    check("hero_gallery_brightness_check", sql`${t.brightness} between 0 and 100`),
  ],
);

export const heroCarouselSettings = pgTable(
  "hero_carousel_settings",
  {
    id: singleRowId(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    autoplaySpeed: integer("autoplay_speed").notNull().default(5000),
    showArrows: boolean("show_arrows").notNull().default(true),
    showDots: boolean("show_dots").notNull().default(true),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("hero_carousel_single_row", sql`${t.id} = 1`),
    check("hero_carousel_speed_check", sql`${t.autoplaySpeed} between 1000 and 10000`),
  ],
);

export const aboutUsCarouselImages = pgTable(
  "about_us_carousel_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    imageUrl: text("image_url").notNull(),
    altText: text("alt_text").default("Cliente satisfecho"),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("about_us_order_idx").on(t.displayOrder)],
);

export const bannerImageHistory = pgTable(
  "banner_image_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    imageUrl: text("image_url").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    restoredAt: ts("restored_at"),
  },
  (t) => [index("banner_history_created_idx").on(t.createdAt.desc())],
);

// ---------------------------------------------------------------- chat

export const chatAgents = pgTable(
  "chat_agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    avatarUrl: text("avatar_url"),
    isOnline: boolean("is_online").notNull().default(false),
    lastSeen: ts("last_seen"),
    // Last time the person used any staff page (a key, a tap): 'Ausente' after a while without (ADR 0020).
    activeAt: ts("active_at"),
    // The status 'away' was set by inactivity, not chosen: activity brings 'online' back.
    autoAway: boolean("auto_away").notNull().default(false),
  },
  (t) => [uniqueIndex("chat_agents_user_key").on(t.userId), index("chat_agents_name_idx").on(t.name)],
);

export const chatAgentStatus = pgTable(
  "chat_agent_status",
  {
    agentId: uuid("agent_id")
      .primaryKey()
      .references(() => chatAgents.id, { onDelete: "cascade" }),
    status: text("status", { enum: AGENT_STATUSES }).notNull().default("offline"),
    estimatedResponseTime: text("estimated_response_time").notNull().default("5-10 minutos"),
    statusMessage: text("status_message"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    // When the person last chose a status themselves (null: never, a first sign-in picks one).
    chosenAt: ts("chosen_at"),
  },
  (t) => [check("chat_agent_status_check", sql`${t.status} in ('online', 'busy', 'away', 'offline')`)],
);

/**
 * The trigram indexes' storage option: every insert goes into the index at once. GIN's default
 * (fastupdate) queues new entries in a pending list that a search reads through linearly until a
 * VACUUM merges it, and PGlite has no autovacuum: after 10,000 orders a search read them all.
 */
const NO_PENDING_LIST = { fastupdate: false };

/** A GIN trigram index (pg_trgm) on a column, for the staff search boxes' `ILIKE '%…%'`. */
const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using("gin", column.op("gin_trgm_ops")).with(NO_PENDING_LIST);

/**
 * A person the shop talks to (ADR 0020): made or found when a visitor leaves details, matched by
 * phone (E.164) or e-mail; their conversations and orders hang off it.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    // What a visitor typed that is already another contact's (third round of attacks, finding 2):
    // a claim staff may confirm by merging, never an identity (no order or conversation is found by it).
    claimedPhone: text("claimed_phone"),
    claimedEmail: text("claimed_email"),
    // The contact those claimed details belong to ('posible mismo cliente').
    possibleMatchId: uuid("possible_match_id").references((): AnyPgColumn => contacts.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("contacts_name_check", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("contacts_phone_key").on(t.phone).where(sql`${t.phone} is not null`),
    uniqueIndex("contacts_email_key").on(t.email).where(sql`${t.email} is not null`),
    // The staff search boxes match anywhere in the text (ILIKE '%…%'), which only a trigram index
    // serves (pg_trgm: migration 0015; PGlite loads it, app/.server/db/pglite.ts). ADR 0024.
    trigramIndex("contacts_name_trgm_idx", t.name),
    trigramIndex("contacts_email_trgm_idx", t.email),
    trigramIndex("contacts_phone_trgm_idx", t.phone),
  ],
);

/**
 * A merge of two contacts, kept so staff can undo it: the contact that went (its row as it was) and
 * what moved from it to the one kept.
 */
export const contactMerges = pgTable(
  "contact_merges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    keptId: uuid("kept_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    gone: jsonb("gone").$type<ContactSnapshot>().notNull(),
    moved: jsonb("moved").$type<{ clientIds: string[]; orderIds: string[]; keyHashes: string[] }>().notNull(),
    // The phone and e-mail the kept contact took from the other (null: it had its own).
    took: jsonb("took").$type<{ phone: string | null; email: string | null }>().notNull(),
    createdAt: createdAt(),
    undoneAt: ts("undone_at"),
  },
  (t) => [index("contact_merges_kept_idx").on(t.keptId, t.createdAt)],
);

/** A contact's row as a merge found it (contact_merges.gone). */
export type ContactSnapshot = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  claimedPhone: string | null;
  claimedEmail: string | null;
  possibleMatchId: string | null;
  createdAt: string;
};

/** A browser that left a contact's details: it holds the key, the server keeps only its SHA-256. */
export const contactKeys = pgTable(
  "contact_keys",
  {
    hash: text("hash").primaryKey(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_keys_contact_idx").on(t.contactId)],
);

export const chatClients = pgTable(
  "chat_clients",
  {
    clientId: text("client_id").primaryKey(),
    clientName: text("client_name").notNull().default("Cliente Web"),
    customName: text("custom_name"),
    // Hash of the secret the server issued to this visitor's browser for this conversation.
    secretHash: text("secret_hash"),
    createdAt: createdAt(),
    lastActive: ts("last_active").notNull().defaultNow(),
    unreadCount: integer("unread_count").notNull().default(0),
    status: text("status", { enum: CONVERSATION_STATUSES }).notNull().default("open"),
    isArchived: boolean("is_archived").notNull().default(false),
    // The person behind the conversation (ADR 0020).
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    // 'Visitante 1042': the name of a visitor who left no details, never their session id.
    visitorNumber: integer("visitor_number").generatedByDefaultAsIdentity({ startWith: 1000 }),
    // Reports (docs/product.md §3.3): when staff first answered and who; when it was resolved and by whom.
    firstResponseAt: ts("first_response_at"),
    firstResponseAgentId: uuid("first_response_agent_id").references(() => chatAgents.id, {
      onDelete: "set null",
    }),
    resolvedAt: ts("resolved_at"),
    resolvedByAgentId: uuid("resolved_by_agent_id").references(() => chatAgents.id, { onDelete: "set null" }),
    // What the visitor's browser told about itself (issue 41): device, language, time zone, visits.
    // Kept with the conversation and deleted with it; never shown to anyone but staff.
    visitor: jsonb("visitor").$type<VisitorContext>(),
  },
  (t) => [
    index("chat_clients_contact_idx").on(t.contactId),
    uniqueIndex("chat_clients_visitor_number_key").on(t.visitorNumber),
    index("chat_clients_created_idx").on(t.createdAt),
    check("chat_clients_status_check", sql`${t.status} in ('open', 'resolved')`),
    check("chat_clients_unread_check", sql`${t.unreadCount} >= 0`),
    index("chat_clients_last_active_idx").on(t.lastActive.desc()),
    // The inbox list's filters page through (status, last_active, client_id) (app/.server/chat/inbox-list.ts).
    index("chat_clients_list_idx")
      .on(t.status, t.lastActive.desc(), t.clientId.desc())
      .where(sql`not ${t.isArchived}`),
    // The inbox search (trigram indexes, see contacts above).
    trigramIndex("chat_clients_client_id_trgm_idx", t.clientId),
    trigramIndex("chat_clients_custom_name_trgm_idx", t.customName),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => chatClients.clientId, { onDelete: "cascade" }),
    // 'note': a private note between staff, never shown to the visitor (ADR 0020).
    sender: text("sender", { enum: ["client", "admin", "note"] }).notNull(),
    message: text("message").notNull(),
    timestamp: ts("timestamp").notNull().defaultNow(),
    isRead: boolean("is_read").notNull().default(false),
    agentId: uuid("agent_id").references(() => chatAgents.id, { onDelete: "set null" }),
    agentName: text("agent_name"),
    // Id the visitor's browser gave the message: a retried send is stored only once.
    clientMessageId: text("client_message_id"),
    // A photo sent with (or instead of) the text: its public URL in storage (ADR 0013).
    imageUrl: text("image_url"),
  },
  (t) => [
    check("chat_messages_sender_check", sql`${t.sender} in ('client', 'admin', 'note')`),
    check("chat_messages_nonempty_check", sql`length(trim(${t.message})) > 0 or ${t.imageUrl} is not null`),
    index("chat_messages_client_time_idx").on(t.clientId, t.timestamp),
    uniqueIndex("chat_messages_client_message_key")
      .on(t.clientId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
  ],
);

export const chatConversationAssignments = pgTable(
  "chat_conversation_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => chatClients.clientId, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => chatAgents.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
    assignedAt: ts("assigned_at").notNull().defaultNow(),
  },
  (t) => [
    // At most one active assignment per conversation, enforced by the database.
    uniqueIndex("chat_assignments_one_active").on(t.clientId).where(sql`${t.isActive}`),
    index("chat_assignments_client_idx").on(t.clientId),
    // 'Mías': the active assignments of one agent.
    index("chat_assignments_agent_active_idx").on(t.agentId).where(sql`${t.isActive}`),
  ],
);

/** The pages a visitor with a conversation opened (issue 41): the newest is where they are now. */
export const chatPageViews = pgTable(
  "chat_page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => chatClients.clientId, { onDelete: "cascade" }),
    path: text("path").notNull(),
    title: text("title"),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("chat_page_views_client_idx").on(t.clientId, t.at)],
);

/** '¿Cómo te atendimos?': one answer per conversation, given once it was resolved (issue 41). */
export const chatRatings = pgTable(
  "chat_ratings",
  {
    clientId: text("client_id")
      .primaryKey()
      .references(() => chatClients.clientId, { onDelete: "cascade" }),
    rating: text("rating", { enum: CHAT_RATINGS }).notNull(),
    comment: text("comment"),
    // Who resolved the conversation when the visitor answered: the reports count it for them.
    agentId: uuid("agent_id").references(() => chatAgents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("chat_ratings_rating_check", sql`${t.rating} in ('good', 'ok', 'bad')`),
    index("chat_ratings_created_idx").on(t.createdAt),
  ],
);

/** Short answers staff insert into the reply box ('/' or the picker); admins manage them. */
export const chatSavedReplies = pgTable(
  "chat_saved_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    // A staff member's own reply; null: shared by the team (admins manage those).
    ownerId: uuid("owner_id").references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("chat_saved_replies_owner_idx").on(t.ownerId),
    check("chat_saved_replies_title_check", sql`length(trim(${t.title})) > 0`),
    check("chat_saved_replies_body_check", sql`length(trim(${t.body})) > 0`),
    index("chat_saved_replies_title_idx").on(t.title),
  ],
);

// ---------------------------------------------------------------- web push

/** The site's VAPID key pair: made at first start, one row (app/.server/push/keys.ts). */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("push_keys_single_check", sql`${t.id} = 1`)],
);

export const PUSH_OWNER_KINDS = ["staff", "order"] as const;
export type PushOwnerKind = (typeof PUSH_OWNER_KINDS)[number];

/** A browser's push subscription for one owner: a staff member's device, or a visitor following an order. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerKind: text("owner_kind", { enum: PUSH_OWNER_KINDS }).notNull(),
    // A staff user's id, or an order's id.
    ownerId: text("owner_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSentAt: ts("last_sent_at"),
    // The push service said the subscription is gone (404/410), or its endpoint is no longer
    // allowed: nothing more is sent to it, yet it stays until its browser or owner removes it, so
    // the opt-in's status never tells what happened to a delivery.
    goneAt: ts("gone_at"),
  },
  (t) => [
    check("push_subscriptions_kind_check", sql`${t.ownerKind} in ('staff', 'order')`),
    uniqueIndex("push_subscriptions_owner_endpoint_key").on(t.ownerKind, t.ownerId, t.endpoint),
    index("push_subscriptions_endpoint_idx").on(t.endpoint),
  ],
);

/**
 * A shipment ('Embarque', issue 39): the boxes that leave together in one container or flight.
 * Staff add parcels to it and give all of them one event at once; its departure day is when the
 * parcels' transit time starts counting (app/lib/delivery.ts).
 */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What staff call it: 'Contenedor 48', 'Vuelo 12 dic'. */
    reference: text("reference").notNull(),
    /** The carrier, container or flight number. */
    carrier: text("carrier"),
    /** The day it leaves Miami ('YYYY-MM-DD'). */
    departsOn: date("departs_on", { mode: "string" }),
    /** Where it goes (a country code of app/lib/phone.ts). */
    destination: text("destination"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("shipments_reference_check", sql`length(trim(${t.reference})) > 0`),
    index("shipments_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** What was already sent to whom: nobody gets the same notification twice, across instances. */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    key: text("key").notNull(),
    ownerKind: text("owner_kind", { enum: PUSH_OWNER_KINDS }).notNull(),
    ownerId: text("owner_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.ownerKind, t.ownerId] }),
    index("push_deliveries_created_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- e-mail

/**
 * Every e-mail the site sends, as a durable queue (app/.server/mail/queue.ts, issue 40): written in
 * the transaction of the change that causes it, sent in the background by whichever instance
 * claims it first (a claim is a lease: `next_attempt_at` is when a silent sender's claim ends),
 * retried with back-off, and kept as the outbox admins read at /admin/correo.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    toAddress: text("to_address").notNull(),
    /** What the message says, as its template takes it (app/.server/mail/messages/). */
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    /** One message per key: a retried request, or the shop's notices of a conversation in one window. */
    dedupeKey: text("dedupe_key"),
    state: text("state", { enum: MAIL_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    // The message as it was sent (rendered once, at its first try).
    subject: text("subject"),
    html: text("html"),
    textBody: text("text_body"),
    /** The mail server's last answer when it refused or could not be reached. */
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_queue_dedupe_key").on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index("mail_queue_due_idx").on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    index("mail_queue_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("mail_queue_state_check", sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'held')`),
  ],
);

// ---------------------------------------------------------------- orders

export const deliveryPersonnel = pgTable(
  "delivery_personnel",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [check("delivery_personnel_name_check", sql`length(trim(${t.name})) > 0`)],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trackingNumber: text("tracking_number").notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone"),
    customerAddress: text("customer_address"),
    orderDescription: text("order_description").notNull(),
    orderTotal: text("order_total"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("en_local"),
    deliveryPersonId: uuid("delivery_person_id").references(() => deliveryPersonnel.id, {
      onDelete: "set null",
    }),
    estimatedDeliveryTime: text("estimated_delivery_time"),
    /** 'Notas Adicionales' on the tracking page: the one note staff write for the customer. */
    customerNote: text("customer_note"),
    /** Staff's own note ('Nota interna'): never leaves the staff area (docs/product.md §2.9). */
    internalNote: text("internal_note"),
    /** Where the parcel goes (a country code of app/lib/phone.ts): its default transit time. */
    destination: text("destination"),
    /** The expected delivery days chosen for this order, instead of the destination's default. */
    expectedFrom: date("expected_from", { mode: "string" }),
    expectedTo: date("expected_to", { mode: "string" }),
    // The parcel as the counter takes it (issue 39): who sends it (usually the customer in Miami
    // who pays), the box (a price-list box by name, or 'otro' weighed in pounds) and the
    // contents declared for customs. All optional: orders made before have none.
    senderName: text("sender_name"),
    senderPhone: text("sender_phone"),
    senderEmail: text("sender_email"),
    box: text("box"),
    weightLb: numeric("weight_lb", { precision: 6, scale: 1, mode: "number" }),
    contents: jsonb("contents").$type<ContentLine[]>(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    enLocalAt: ts("en_local_at"),
    enviandoAt: ts("enviando_at"),
    enRepartoAt: ts("en_reparto_at"),
    entregadoAt: ts("entregado_at"),
    canceladoAt: ts("cancelado_at"),
    // The customer as a contact (ADR 0020); orders also match a contact by phone.
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    // The chat conversation the order was made from ('Crear pedido' in the inbox, issue 41).
    sourceClientId: text("source_client_id").references(() => chatClients.clientId, { onDelete: "set null" }),
    // The key the creating form sent (app/lib/ids.ts newRequestKey): a retry of the same
    // submission finds this order instead of making a second one.
    requestKey: uuid("request_key"),
    /** The shipment the parcel travels in, if any (issue 39). */
    shipmentId: uuid("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("orders_tracking_number_key").on(t.trackingNumber),
    uniqueIndex("orders_request_key").on(t.requestKey).where(sql`${t.requestKey} is not null`),
    // The look-up of a code typed alone or with O for 0 and I for 1 (trackingCodeOf, orders.ts).
    index("orders_tracking_code_idx").on(sql`translate(substr(${t.trackingNumber}, 10), 'OI', '01')`),
    check(
      "orders_status_check",
      sql`${t.status} in ('en_local', 'enviando', 'en_reparto', 'entregado', 'cancelado')`,
    ),
    check("orders_tracking_format_check", sql`${t.trackingNumber} ~ '^TRK-[0-9]{4}-[A-Z0-9]{6,}$'`),
    check("orders_customer_check", sql`length(trim(${t.customerName})) > 0`),
    check("orders_description_check", sql`length(trim(${t.orderDescription})) > 0`),
    // The staff list pages by (created_at, id), newest first (listOrders): one index scan a page.
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_delivery_person_idx").on(t.deliveryPersonId),
    index("orders_shipment_idx").on(t.shipmentId),
    index("orders_contact_idx").on(t.contactId),
    index("orders_source_client_idx").on(t.sourceClientId),
    index("orders_customer_phone_idx").on(t.customerPhone),
    // The staff list's search (trigram indexes, see contacts above): number, name, phone as stored,
    // and the phone's digits alone ('777-12' finds +1 305 777 1234), the expression listOrders uses.
    trigramIndex("orders_tracking_trgm_idx", t.trackingNumber),
    trigramIndex("orders_customer_name_trgm_idx", t.customerName),
    trigramIndex("orders_customer_phone_trgm_idx", t.customerPhone),
    index("orders_phone_digits_trgm_idx")
      .using("gin", sql`(regexp_replace(coalesce(${t.customerPhone}, ''), '[^0-9]', '', 'g')) gin_trgm_ops`)
      .with(NO_PENDING_LIST),
    check(
      "orders_expected_check",
      sql`${t.expectedFrom} is null or ${t.expectedTo} is null or ${t.expectedFrom} <= ${t.expectedTo}`,
    ),
  ],
);

/**
 * A line of an order's timeline with a short note and a place ('Llegó a Managua', 'Managua'):
 * written with a status change (`status` set) or on its own. The status timestamps on `orders`
 * keep their rule; these only add what staff wrote (app/.server/orders/order-events.ts).
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }),
    note: text("note"),
    place: text("place"),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.at),
    check(
      "order_events_status_check",
      sql`${t.status} is null or ${t.status} in ('en_local', 'enviando', 'en_reparto', 'entregado', 'cancelado')`,
    ),
    check("order_events_text_check", sql`coalesce(${t.note}, '') <> '' or coalesce(${t.place}, '') <> ''`),
  ],
);

/**
 * Who hears of a parcel by e-mail (issue 40): its sender's address when the order is made, or an
 * address a visitor who unlocked the tracking page gave. `token` is the unsubscribe link's.
 */
export const orderMailSubscriptions = pgTable(
  "order_mail_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    token: text("token").notNull(),
    createdAt: createdAt(),
    unsubscribedAt: ts("unsubscribed_at"),
  },
  (t) => [
    uniqueIndex("order_mail_subscriptions_order_email_key").on(t.orderId, t.email),
    uniqueIndex("order_mail_subscriptions_token_key").on(t.token),
    check("order_mail_subscriptions_email_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * How tracking behaves, one row (app/.server/orders/settings.ts): whether a look-up by number
 * alone shows the address and phone, and the default transit days per destination.
 */
export const orderSettings = pgTable(
  "order_settings",
  {
    id: singleRowId(),
    showDeliveryDetails: boolean("show_delivery_details").notNull().default(false),
    transitDays: jsonb("transit_days").$type<Record<string, unknown>>().notNull().default({}),
    /** The statuses whose change e-mails the parcel's subscribers (issue 40). */
    mailStatuses: jsonb("mail_statuses")
      .$type<OrderStatus[]>()
      .notNull()
      .default(["enviando", "en_reparto", "entregado"]),
    /** Whether a timeline note (of one parcel or of its shipment) e-mails them too. */
    mailEvents: boolean("mail_events").notNull().default(true),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [check("order_settings_single_row", sql`${t.id} = 1`)],
);

/** Server-side keys made at first start (e.g. the one signing the tracking page's cookie). Never sent out. */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- abuse limits

/** Fixed-window counters shared by every instance (e.g. tracking look-ups per address). */
/**
 * What a request sent with a key did (an upload: app/.server/request-keys.ts), written with the
 * change itself: the same request sent again answers this instead of storing a second picture.
 */
export const requestResults = pgTable(
  "request_results",
  {
    key: uuid("key").primaryKey(),
    result: jsonb("result").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("request_results_created_idx").on(t.createdAt)],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

// ---------------------------------------------------------------- live updates

/**
 * Append-only log behind the live-update channel. Every event gets a monotonically
 * increasing id, so a client that reconnects with Last-Event-ID gets exactly what it missed.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("events_topic_id_idx").on(t.topic, t.id), index("events_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- audit

/**
 * 'Actividad': one row per staff action that changed data, written in the same transaction as
 * the change (app/.server/audit/audit.ts). Names are snapshots, so a row still reads well after
 * the person or the record is gone. Never holds a password.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: ts("at").notNull().defaultNow(),
    // No foreign key: the log is history, and outlives whatever it names (the name is a snapshot).
    actorId: uuid("actor_id"),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    entityId: text("entity_id"),
    /** What the record is called for people: a product's name, a tracking number, an e-mail. */
    target: text("target"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.at.desc()),
    index("audit_log_action_idx").on(t.action, t.at.desc()),
  ],
);

// ---------------------------------------------------------------- backups

export const BACKUP_KINDS = ["scheduled", "manual", "command", "pre-migration"] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const BACKUP_STATUSES = ["running", "done", "failed"] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/**
 * 'Copias de seguridad': one row per backup archive (app/.server/backup/, docs/decisions/0019).
 * A backup never contains this table's rows (they describe archives, not the shop), so a restored
 * database starts with an empty list and the restore command registers the archives it finds.
 * `slot` is the scheduled day: unique, so one instance takes each day's backup.
 */
export const backups = pgTable(
  "backups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    kind: text("kind", { enum: BACKUP_KINDS }).notNull(),
    slot: text("slot"),
    status: text("status", { enum: BACKUP_STATUSES }).notNull().default("running"),
    /** What the running backup is doing ('database', 'files', 'archive') and how far (0-100). */
    phase: text("phase"),
    progress: integer("progress").notNull().default(0),
    /** The machine and process writing it: the archive is in `dir` on that machine. */
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    dir: text("dir").notNull(),
    startedAt: ts("started_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    /** Rows per table, file count, migration level and app version, from the archive's manifest. */
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    /** The off-site copy's object key, when BACKUP_S3_* is set and the upload succeeded. */
    s3Key: text("s3_key"),
    error: text("error"),
    actorName: text("actor_name"),
  },
  (t) => [
    uniqueIndex("backups_file_name_idx").on(t.fileName),
    uniqueIndex("backups_slot_idx").on(t.slot),
    index("backups_started_idx").on(t.startedAt.desc()),
  ],
);
