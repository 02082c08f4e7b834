import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/.server/auth/sessions";
import { pruneSchedule, saveSpecialDate } from "~/.server/content/schedule";
import { loadSchedule } from "~/.server/content/schedule-load";
import { announcements, auditLog, specialHours } from "~/.server/db/schema";
import { eventually } from "~/.server/testing/app";
import { callRoute, formPost, ownerOf, routeContext, TEST_OPERADOR } from "~/.server/testing/routes";
import { setupTestApp } from "~/.server/testing/setup";
import { addDays, toZonedInput, zonedDay } from "~/lib/dates";
import type { FormReply } from "~/lib/forms";
import { pageSchedule } from "~/lib/schedule";
import { loader as rootLoader } from "~/root";
import { action } from "./route";

const app = setupTestApp();
const TZ = "America/New_York";

async function send(fields: Record<string, string>, user?: StaffUser | null) {
  const who = user === undefined ? await ownerOf(app.services.db) : user;
  return callRoute<FormReply>(action, formPost("/admin/avisos", fields), routeContext(app.services, who));
}

const today = () => zonedDay(new Date(), TZ) ?? "";
const local = (msFromNow: number) => toZonedInput(Date.now() + msFromNow, TZ);
const special = (fields: Record<string, string>) =>
  send({ intent: "special-save", kind: "closed", reason: "Inventario", ...fields });

async function reset() {
  await app.services.db.delete(announcements);
  await app.services.db.delete(specialHours);
}

describe("special dates (/admin/avisos)", () => {
  it("refuses a special date that overlaps another, by the 'Desde' field, in Spanish", async () => {
    await reset();
    const start = addDays(today(), 10);
    const first = await special({ startsOn: start, endsOn: addDays(start, 2), reason: "Navidad" });
    expect(first.data).toMatchObject({ ok: true, message: { description: "Fecha especial guardada." } });
    const crossing = await special({ startsOn: addDays(start, 2), endsOn: addDays(start, 4) });
    expect(crossing.status).toBe(409);
    expect(crossing.data.result.error?.startsOn?.[0]).toMatch(
      /^Se cruza con otra fecha especial: .+ \(Navidad\)\.$/,
    );
    // The day after it ends is free; changing the saved one within its own days is too.
    expect((await special({ startsOn: addDays(start, 3) })).data.ok).toBe(true);
    const [saved] = await app.services.db
      .select()
      .from(specialHours)
      .where(eq(specialHours.reason, "Navidad"));
    const edit = await special({
      id: saved?.id ?? "",
      startsOn: start,
      endsOn: addDays(start, 2),
      reason: "Navidad",
    });
    expect(edit.data).toMatchObject({ ok: true, message: { description: "Fecha especial actualizada." } });
  });

  it("refuses 'Hasta' before 'Desde', missing hours when not closed, and dates already past", async () => {
    await reset();
    const start = addDays(today(), 5);
    const back = await special({ startsOn: start, endsOn: addDays(start, -1) });
    expect(back.status).toBe(400);
    expect(back.data.result.error).toMatchObject({ endsOn: ["«Hasta» no puede ser antes de «Desde»."] });
    const hours = await special({ startsOn: start, kind: "hours", closesAt: "14:00" });
    expect(hours.data.result.error).toMatchObject({ opensAt: ["Indica a qué hora abre."] });
    const past = await special({ startsOn: addDays(today(), -3), endsOn: addDays(today(), -2) });
    expect(past.data.result.error).toMatchObject({ endsOn: ["Esa fecha ya pasó."] });
    expect(await app.services.db.select().from(specialHours)).toEqual([]);
  });

  it("two saves at once cannot both take the same days", async () => {
    await reset();
    const deps = { db: app.services.db, bus: app.services.bus, timeZone: TZ };
    const day = addDays(today(), 20);
    const v = {
      id: undefined,
      startsOn: day,
      endsOn: day,
      closed: true,
      opensAt: null,
      closesAt: null,
      reason: "x",
    };
    const results = await Promise.allSettled([saveSpecialDate(deps, v), saveSpecialDate(deps, v)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("past special dates and ended announcements clean themselves up", async () => {
    await reset();
    const { db } = app.services;
    await db.insert(specialHours).values([
      { startsOn: "2026-12-24", endsOn: "2026-12-25", reason: "Navidad" },
      { startsOn: "2026-12-31", endsOn: "2026-12-31", reason: "Fin de año" },
    ]);
    await db.insert(announcements).values({
      message: "Feliz Navidad",
      startsAt: new Date("2026-12-20T05:00:00Z"),
      endsAt: new Date("2026-12-26T05:00:00Z"),
    });
    // Dec 26 at noon in Miami: Christmas has ended, New Year's Eve has not.
    await pruneSchedule(db, TZ, new Date("2026-12-26T17:00:00Z"));
    expect((await db.select().from(specialHours)).map((s) => s.reason)).toEqual(["Fin de año"]);
    expect(await db.select().from(announcements)).toEqual([]);
  });
});

describe("announcements (/admin/avisos)", () => {
  it("saves an announcement from now until tomorrow, audited, and every page shows it at once", async () => {
    await reset();
    const saved = await send({
      intent: "announcement-save",
      message: "  Cerramos temprano\nel sábado  ",
      linkUrl: "/contact",
      startsAt: local(-60_000),
      endsAt: local(24 * 3600_000),
      active: "on",
    });
    expect(saved.data).toMatchObject({ ok: true, message: { description: "Aviso guardado." } });
    const [audit] = await app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "site.announcement"));
    expect(audit).toMatchObject({ actorName: "Dueña", target: "Cerramos temprano el sábado" });
    // The bus dropped the cached site content: the next page has it.
    expect(
      await eventually(async () => {
        const { schedule } = await app.services.siteContent.get();
        return pageSchedule(schedule, { now: new Date(), timeZone: TZ }).announcement !== null;
      }),
    ).toBe(true);
    const context = routeContext(app.services, null);
    const page = await callRoute<{ schedule: { announcement: { message: string } | null } }>(
      rootLoader,
      new Request("http://localhost/tienda"),
      context,
    );
    expect(page.data.schedule.announcement?.message).toBe("Cerramos temprano el sábado");
    // The page cache keeps this page no longer than the announcement's end.
    const ends = (await loadSchedule(app.services.db)).announcements[0]?.endsAt ?? "";
    expect(context.cacheUntil).toBe(new Date(ends).getTime());
  });

  it("refuses 'Hasta' before 'Desde', an end already past, and a link that is not http(s) or a site path", async () => {
    const back = await send({
      intent: "announcement-save",
      message: "Hola",
      startsAt: local(3600_000),
      endsAt: local(0),
    });
    expect(back.status).toBe(400);
    expect(back.data.result.error).toMatchObject({ endsAt: ["«Hasta» debe ser después de «Desde»."] });
    const ended = await send({
      intent: "announcement-save",
      message: "Hola",
      startsAt: local(-7200_000),
      endsAt: local(-3600_000),
    });
    expect(ended.data.result.error).toMatchObject({
      endsAt: ["Esa hora ya pasó: el aviso no llegaría a verse."],
    });
    const link = await send({
      intent: "announcement-save",
      message: "Hola",
      linkUrl: "javascript:alert(1)",
      startsAt: local(0),
      endsAt: local(3600_000),
    });
    expect(link.data.result.error?.linkUrl?.[0]).toMatch(/^Escribe una dirección/);
  });

  it("is for admins only: an operador is refused", async () => {
    const refused = await send(
      { intent: "announcement-save", message: "x", startsAt: local(0), endsAt: local(3600_000) },
      TEST_OPERADOR,
    );
    expect(refused.status).toBe(403);
  });
});
