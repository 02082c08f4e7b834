import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "../lib/dates";
import { parseTrustProxy } from "./trust-proxy";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["true", "1", "yes"].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce
      .number({ message: "PORT debe ser un número" })
      .int()
      .min(0)
      .max(65535, "PORT debe estar entre 0 y 65535")
      .default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "DATABASE_URL debe empezar por postgres:// o postgresql://",
    }),
    SEED_DEMO: bool(true),
    ADMIN_EMAIL: optionalString.pipe(z.email("ADMIN_EMAIL no es un correo válido").optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(8, "ADMIN_PASSWORD debe tener al menos 8 caracteres").optional(),
    ),
    OPERATOR_EMAIL: optionalString.pipe(z.email("OPERATOR_EMAIL no es un correo válido").optional()),
    OPERATOR_PASSWORD: optionalString.pipe(
      z.string().min(8, "OPERATOR_PASSWORD debe tener al menos 8 caracteres").optional(),
    ),
    TIME_ZONE: z
      .string()
      .default("America/New_York")
      .refine(isTimeZone, "TIME_ZONE no es una zona horaria válida (ej: America/New_York)"),
    // Which proxies may tell us the client's address: a hop count or addresses (trust-proxy.ts).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if ("value" in parsed) return parsed.value;
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }),
    // The site's address for links that leave the page (sitemap, robots.txt, canonical, Open Graph).
    PUBLIC_URL: optionalString
      .pipe(z.url({ protocol: /^https?$/, message: "PUBLIC_URL debe ser una URL http(s)" }).optional())
      .refine((v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v), {
        message: "PUBLIC_URL debe ser solo el origen, sin ruta (ej. https://minimarket.example)",
      })
      .transform((v) => (v ? new URL(v).origin : undefined)),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    // However much a session is used, it ends this many days after sign-in.
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    // An agent 'En línea' without using any staff page this long becomes 'Ausente' (0: never).
    CHAT_AWAY_AFTER_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(15),
    // How long 'Actividad' (the audit log) keeps its rows.
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    LOGIN_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    MAX_BODY_KB: z.coerce
      .number()
      .int()
      .min(16)
      .max(50 * 1024)
      .default(1024),
    // Tracking look-ups per client address per minute (0 turns the limit off, e.g. for benchmarks).
    TRACKING_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
    // Tries of the tracking page's 4-digit check per client network per 15 minutes; past twice that
    // many wrong tries a day on one order, one try an hour per network at it (0 turns both off).
    TRACKING_UNLOCK_ATTEMPTS: z.coerce.number().int().min(0).max(100_000).default(10),
    // Live streams (Server-Sent Events) open at once from one client address, and in this process.
    STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
    STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(5000),
    // Every live stream ends after this long; the browser reconnects and resumes where it was.
    STREAM_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 3600)
      .default(30 * 60),
    STORAGE_DRIVER: z
      .enum(["local", "s3"], { message: "STORAGE_DRIVER debe ser local o s3" })
      .default("local"),
    S3_ENDPOINT: optionalString.pipe(z.url("S3_ENDPOINT debe ser una URL").optional()),
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(z.url("S3_PUBLIC_URL debe ser una URL").optional()),
    S3_FORCE_PATH_STYLE: bool(true),
    // Web Push (ADR 0014): staff notifications and the tracking page's 'Avísame cuando cambie'.
    PUSH_ENABLED: bool(true),
    // The VAPID contact push services may write to: an https: URL or a mailto: address.
    PUSH_SUBJECT: optionalString.refine((v) => v === undefined || /^(https:\/\/|mailto:)\S+$/.test(v), {
      message: "PUSH_SUBJECT debe ser una URL https:// o una dirección mailto:",
    }),
    // Hosts the server may post notifications to beyond the browsers' push services
    // (app/.server/push/endpoint.ts): `host`, `host:port` or `http(s)://host[:port]`, comma-separated.
    PUSH_ALLOWED_HOSTS: optionalString.refine(
      (v) =>
        v === undefined ||
        v
          .split(",")
          .every(
            (e) =>
              !e.trim() || URL.canParse(/^https?:\/\//i.test(e.trim()) ? e.trim() : `https://${e.trim()}`),
          ),
      { message: "PUSH_ALLOWED_HOSTS debe ser una lista de hosts o URLs separadas por comas" },
    ),
    // Opt-in requests (subscribe, unsubscribe, status) per client address per minute on /api/push/order.
    PUSH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    // New order subscriptions per client address per hour.
    PUSH_SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
    // Anonymous chat photos: megabytes accepted per hour per conversation, per client address, and
    // in all (every instance together). Staff uploads do not count.
    CHAT_PHOTO_MB_PER_CONVERSATION: z.coerce.number().min(1).max(100_000).default(30),
    CHAT_PHOTO_MB_PER_ADDRESS: z.coerce.number().min(1).max(100_000).default(60),
    CHAT_PHOTO_MB_PER_HOUR: z.coerce.number().min(1).max(1_000_000).default(1000),
    // Copies of public pages for visitors without a session (docs/decisions/0022-page-cache.md):
    // memory at most (0 turns the cache off), and how long after a change the old copy may still
    // be answered while the new one renders.
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    // E-mail (issue 40, app/.server/mail/): the mail server as a URL (smtp:// or smtps://, with
    // user and password), and who the messages come from. Without SMTP_URL every message waits in
    // the outbox admins read at /admin/correo.
    SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/i.test(v), {
      message:
        "SMTP_URL debe empezar por smtp:// o smtps:// (ej. smtps://usuario:clave@smtp.example.com:465)",
    }),
    MAIL_FROM: optionalString.refine((v) => v === undefined || mailFromAddress(v) !== null, {
      message: 'MAIL_FROM debe ser una dirección de correo, o "Nombre <correo@ejemplo.com>"',
    }),
    // How long the mail server may take to answer before a try counts as failed (and another
    // instance may take the message over).
    MAIL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    // Enables /__test/* endpoints used by the end-to-end suite. Never set in production.
    TEST_HOOKS: bool(false),
    // Backups (docs/deploy.md, app/.server/backup/): where, when (hour in TIME_ZONE, or off), how many.
    BACKUP_DIR: optionalString,
    BACKUP_HOUR: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const raw = (v ?? "").trim().toLowerCase();
        if (raw === "") return 3;
        if (raw === "off") return null;
        const n = Number(raw);
        if (Number.isInteger(n) && n >= 0 && n <= 23) return n;
        ctx.addIssue({ code: "custom", message: "BACKUP_HOUR debe ser una hora de 0 a 23, u off" });
        return z.NEVER;
      }),
    BACKUP_KEEP: z.coerce.number().int().min(1, "BACKUP_KEEP debe ser al menos 1").max(1000).default(7),
    // A start about to migrate a database that has data backs it up first.
    BACKUP_BEFORE_MIGRATIONS: bool(true),
    // Off-site copies: any S3-compatible bucket; endpoint and keys default to the S3_* settings.
    BACKUP_S3_BUCKET: optionalString,
    BACKUP_S3_PREFIX: z.string().default("backups/"),
    BACKUP_S3_ENDPOINT: optionalString.pipe(z.url("BACKUP_S3_ENDPOINT debe ser una URL").optional()),
    BACKUP_S3_REGION: optionalString,
    BACKUP_S3_ACCESS_KEY_ID: optionalString,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
    BACKUP_S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(["true", "false", "1", "0"]).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === "s3") {
      for (const key of [
        "S3_ENDPOINT",
        "S3_BUCKET",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
        "S3_PUBLIC_URL",
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `${key} es obligatorio con STORAGE_DRIVER=s3`,
          });
      }
    }
    if (env.BACKUP_S3_BUCKET) {
      const pairs = [
        ["BACKUP_S3_ENDPOINT", env.BACKUP_S3_ENDPOINT ?? env.S3_ENDPOINT],
        ["BACKUP_S3_ACCESS_KEY_ID", env.BACKUP_S3_ACCESS_KEY_ID ?? env.S3_ACCESS_KEY_ID],
        ["BACKUP_S3_SECRET_ACCESS_KEY", env.BACKUP_S3_SECRET_ACCESS_KEY ?? env.S3_SECRET_ACCESS_KEY],
      ] as const;
      for (const [key, value] of pairs) {
        if (!value)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `${key} (o ${key.replace("BACKUP_", "")}) es obligatorio con BACKUP_S3_BUCKET`,
          });
      }
    }
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "PUBLIC_URL es obligatorio con SMTP_URL: los enlaces de los correos llevan la dirección del sitio",
      });
    }
    for (const who of ["ADMIN", "OPERATOR"] as const) {
      const email = env[`${who}_EMAIL`];
      const pass = env[`${who}_PASSWORD`];
      if (pass && !email) {
        ctx.addIssue({
          code: "custom",
          path: [`${who}_EMAIL`],
          message: `${who}_EMAIL es obligatorio cuando se define ${who}_PASSWORD`,
        });
      }
    }
  });

/** The address of MAIL_FROM ('Tienda <hola@tienda.com>' or 'hola@tienda.com'), or null. */
export function mailFromAddress(value: string): string | null {
  const m = /^(?:[^<>]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = m?.[1] ?? m?.[2];
  return address && z.email().safeParse(address).success ? address : null;
}

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(entorno)"}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
