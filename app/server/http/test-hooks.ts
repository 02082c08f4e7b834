import express, { type Express } from "express";
import { z } from "zod";
import type { Services } from "../services";

/**
 * End-to-end test hooks, mounted only with TEST_HOOKS=true: simulate a database outage and
 * raise an event on the bus. Never enabled in production.
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
  app.use("/__test", router);
}
