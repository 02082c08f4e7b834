import { eq } from "drizzle-orm";
import express, { type Express } from "express";
import { z } from "zod";
import { SITE_TEXT_DEFAULTS } from "../../lib/site";
import { SITE_TOPIC } from "../content/site";
import { heroCarouselSettings, siteSettings, siteText } from "../db/schema";
import type { Services } from "../services";

/**
 * End-to-end test hooks, mounted only with TEST_HOOKS=true: simulate a database outage, raise
 * an event on the bus, put the site texts back to their defaults. Never enabled in production.
 */
export function installTestHooks(app: Express, services: Services) {
  services.logger.warn("TEST_HOOKS activos: no usar en producción");
  const { pglite, pool } = services.database;
  const outage = () => Promise.reject(new Error("Base de datos no disponible (simulado)"));
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
  router.post("/publish", async (req, res) => {
    const body = z
      .object({ topic: z.string().min(1), type: z.string().min(1), payload: z.unknown().optional() })
      .safeParse(req.body);
    if (!body.success) return res.status(400).json({ error: "topic, type required" });
    const id = await services.bus.publish(body.data.topic, body.data.type, body.data.payload ?? {});
    res.json({ id });
  });
  // Puts the site texts back to their defaults (a test that edits them cleans up after itself).
  router.post("/site-text-defaults", async (_req, res) => {
    await services.db
      .update(siteText)
      .set({ data: { ...SITE_TEXT_DEFAULTS } })
      .where(eq(siteText.id, 1));
    await services.bus.publish(SITE_TOPIC, "site.changed", { kind: "text" });
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
    await services.bus.publish(SITE_TOPIC, "site.changed", { kind: "settings" });
    res.json({ ok: true });
  });
  app.use("/__test", router);
}
