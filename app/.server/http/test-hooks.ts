import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import { TOPICS } from "../../lib/events";
import { SITE_TEXT_DEFAULTS } from "../../lib/site";
import { sweepPresence } from "../chat/agents";
import { rowsOf } from "../db/client";
import * as schema from "../db/schema";
import { heroCarouselSettings, shopPrices, siteSettings, siteText } from "../db/schema";
import { runHousekeeping } from "../housekeeping";
import type { Services } from "../services";
import { loaderFailure } from "./outage";

/**
 * End-to-end test hooks, mounted only with TEST_HOOKS=true: simulate a database outage, raise
 * an event on the bus, put the site texts back to their defaults, tell what every table holds
 * (row count and a digest, for the attack suite's "nothing stored changed"), run housekeeping now,
 * sweep chat presence with a short idle time, make the next loader of a named route fail
 * (withLoaderFaults). Never enabled in production.
 */
export function installTestHooks(app: Express, services: Services) {
  services.logger.warn("TEST_HOOKS activos: no usar en producción");
  const { pglite, pool } = services.database;
  // Fails as a lost connection does (SQLSTATE class 08), so it is told apart as an outage (errors.ts).
  const outage = () =>
    Promise.reject(Object.assign(new Error("Base de datos no disponible (simulado)"), { code: "08006" }));
  if (pglite) {
    const query = pglite.query.bind(pglite);
    const exec = pglite.exec.bind(pglite);
    const transaction = pglite.transaction.bind(pglite);
    pglite.query = ((...args: Parameters<typeof query>) =>
      services.faults.db ? outage() : query(...args)) as typeof query;
    pglite.exec = ((...args: Parameters<typeof exec>) =>
      services.faults.db ? outage() : exec(...args)) as typeof exec;
    pglite.transaction = ((...args: Parameters<typeof transaction>) =>
      services.faults.db ? outage() : transaction(...args)) as typeof transaction;
  }
  if (pool) {
    const query = pool.query.bind(pool);
    pool.query = ((...args: unknown[]) =>
      services.faults.db ? outage() : (query as (...a: unknown[]) => unknown)(...args)) as typeof pool.query;
    const connect = pool.connect.bind(pool);
    pool.connect = ((...args: unknown[]) =>
      services.faults.db
        ? outage()
        : (connect as (...a: unknown[]) => unknown)(...args)) as typeof pool.connect;
  }

  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.post("/faults", (req, res) => {
    const body = z.object({ db: z.boolean() }).safeParse(req.body);
    if (!body.success) return res.status(400).json({ error: "db: boolean" });
    services.faults.db = body.data.db;
    services.siteContent.invalidate();
    res.json(services.faults);
  });
  // `{ route: "routes/admin/panel/route" }` (a React Router route id): that route's next loader run fails.
  router.post("/fail-loader", (req, res) => {
    const body = z.object({ route: z.string().min(1) }).safeParse(req.body);
    if (!body.success) return res.status(400).json({ error: "route: string" });
    services.faults.loader = body.data.route;
    res.json(services.faults);
  });
  // Puts the site texts back to their defaults (a test that edits them cleans up after itself).
  router.post("/site-text-defaults", async (_req, res) => {
    await services.db
      .update(siteText)
      .set({ data: { ...SITE_TEXT_DEFAULTS } })
      .where(eq(siteText.id, 1));
    await services.bus.publish(TOPICS.site, "site.changed", { kind: "text" });
    services.siteContent.invalidate();
    res.json({ ok: true });
  });
  // Puts the price list back to the spec's (/admin/precios; its history stays).
  router.post("/price-list-defaults", async (_req, res) => {
    await services.db.delete(shopPrices);
    await services.bus.publish(TOPICS.site, "site.changed", { kind: "prices" });
    services.siteContent.invalidate();
    res.json({ ok: true });
  });
  // Deletes every announcement and special date (/admin/avisos): every public page shows them.
  router.post("/schedule-reset", async (_req, res) => {
    await services.db.delete(schema.announcements);
    await services.db.delete(schema.specialHours);
    await services.bus.publish(TOPICS.site, "site.changed", { kind: "schedule" });
    services.siteContent.invalidate();
    res.json({ ok: true });
  });
  // Puts the site settings (colours, logo, font, banner) back to their defaults and the hero
  // carousel on; `{ carousel: false }` turns the carousel off instead, as its admin screen does.
  router.post("/site-settings", async (req, res) => {
    const body = z.object({ carousel: z.boolean().optional() }).safeParse(req.body ?? {});
    if (!body.success) return res.status(400).json({ error: "carousel: boolean" });
    if (body.data.carousel === undefined) {
      await services.db.update(siteSettings).set({ data: {} }).where(eq(siteSettings.id, 1));
    }
    await services.db
      .update(heroCarouselSettings)
      .set({ isEnabled: body.data.carousel ?? true })
      .where(eq(heroCarouselSettings.id, 1));
    await services.bus.publish(TOPICS.site, "site.changed", { kind: "settings" });
    res.json({ ok: true });
  });
  router.get("/tables", async (_req, res) => {
    // One statement for every table: the attack suite asks after each of ~1,000 requests.
    const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
    const parts = tables.map(
      (table) =>
        sql`select ${getTableName(table)} as name, count(*)::int as n, md5(string_agg(t::text, ',' order by t::text)) as d from ${table} t`,
    );
    const rows = rowsOf<{ name: string; n: number; d: string | null }>(
      await services.db.execute(sql.join(parts, sql` union all `)),
    );
    res.json(Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.n), digest: r.d ?? "" }])));
  });
  // One presence sweep now with a short idle time (`{ awayAfterSeconds: 2 }`): the automatic
  // 'Ausente' without waiting CHAT_AWAY_AFTER_MINUTES (the server's own sweeper keeps its setting).
  router.post("/presence-sweep", async (req, res) => {
    const body = z.object({ awayAfterSeconds: z.number().int().min(1).max(3600) }).safeParse(req.body);
    if (!body.success) return res.status(400).json({ error: "awayAfterSeconds: 1-3600" });
    const changed = await sweepPresence(services, new Date(), body.data.awayAfterSeconds * 1000);
    res.json({ changed });
  });
  router.post("/housekeeping", async (_req, res) => {
    await runHousekeeping(services);
    res.json({ ok: true });
  });
  app.use("/__test", router);
}

/**
 * The build with each route's loader wrapped so that the route `services.faults.loader` names
 * fails on its next run, as a loader whose data read broke does (loaderFailure: logged, answered
 * 500 with a reference): error screens are tested on any page without breaking the database under
 * the whole site. Applied only with TEST_HOOKS (server/index.ts).
 */
export function withLoaderFaults(build: ServerBuild, services: Services): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader) {
      routes[id] = route;
      continue;
    }
    const failing: typeof loader = (args) => {
      if (services.faults.loader !== id) return loader(args);
      services.faults.loader = null;
      throw loaderFailure(new Error(`Fallo simulado del loader ${id} (TEST_HOOKS)`), {
        logger: services.logger,
        what: "Simulated loader failure",
      });
    };
    routes[id] = { ...route, module: { ...route.module, loader: failing } };
  }
  return { ...build, routes };
}
