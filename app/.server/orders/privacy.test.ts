import { beforeAll, describe, expect, it } from "vitest";
import { orderFormSchema } from "../../lib/order-forms";
import { RateLimitedError } from "../errors";
import { setupTestDatabase } from "../testing/setup";
import { createOrder, findTrackedOrder, type TrackedOrder } from "./orders";
import { checkPhoneDigits } from "./privacy";

const h = setupTestDatabase({ bus: true });
const ATTEMPTS = 10;
let found: TrackedOrder;

beforeAll(async () => {
  const input = orderFormSchema.parse({
    customerName: "Rosa Pérez",
    orderDescription: "Caja",
    customerPhone: "+505 8888 4321",
  });
  const order = await createOrder({ db: h.db, bus: h.bus }, input as Parameters<typeof createOrder>[1]);
  const tracked = await findTrackedOrder(h.db, order.trackingNumber);
  if (!tracked) throw new Error("order not found");
  found = tracked;
});

/** One try of `digits` from `ip` at `now`: "open", "wrong", or the seconds to wait. */
async function attempt(digits: string, ip: string, now: Date): Promise<"open" | "wrong" | number> {
  try {
    const confirmed = await checkPhoneDigits(h.db, {
      found,
      trackingNumber: found.view.trackingNumber,
      digits,
      clientIp: ip,
      attempts: ATTEMPTS,
      now,
    });
    return confirmed ? "open" : "wrong";
  } catch (err) {
    if (err instanceof RateLimitedError) return err.retryAfterSeconds ?? 60;
    throw err;
  }
}

const HOUR = 3600_000;
const wrongDigits = (i: number) =>
  String(i % 10_000)
    .padStart(4, "0")
    .replace(/^4321$/, "0000");

/**
 * A guesser at one network who guesses once a second and waits out every refusal, for `hours`
 * hours from `start`: how many guesses got an answer.
 */
async function guesses(network: string, start: number, hours: number): Promise<number> {
  let answered = 0;
  for (let now = start; now < start + hours * HOUR; ) {
    const r = await attempt(wrongDigits(answered), network, new Date(now));
    if (typeof r === "number") now += r * 1000;
    else {
      answered++;
      now += 1000;
    }
  }
  return answered;
}

describe("the tracking page's 4-digit check (third round of attacks, finding 4)", () => {
  it("gives one network about 20 guesses in its first hour, then about 11 a day: over a year for half the combinations", async () => {
    const start = Date.parse("2026-03-02T10:00:00Z");
    const firstHour = await guesses("198.51.100.1", start, 1);
    expect(firstHour).toBeGreaterThanOrEqual(ATTEMPTS);
    expect(firstHour).toBeLessThanOrEqual(2 * ATTEMPTS + 2);
    const nextDay = await guesses("198.51.100.1", start + HOUR, 24);
    console.log(
      `[unlock] one network: ${firstHour} guesses in its first hour, ${nextDay} in the next 24 hours`,
    );
    expect(nextDay).toBeLessThanOrEqual(24);
    // The rest of 5,000 guesses at that pace: over a year.
    expect((5000 - firstHour) / Math.max(1, nextDay)).toBeGreaterThan(365);
  });

  it("lets the customer's right digits through after 1,000 wrong tries from other networks", async () => {
    const start = Date.parse("2026-03-09T10:00:00Z");
    for (let i = 0; i < 1000; i++) {
      const r = await attempt(
        wrongDigits(i),
        `2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::1`,
        new Date(start + i * 1000),
      );
      expect(typeof r === "number" ? "refused" : r).toMatch(/wrong|refused/);
    }
    expect(await attempt("4321", "203.0.113.77", new Date(start + 1000 * 1000))).toBe("open");
    // A network that has guessed wrong at an order being guessed at waits, its right digits too.
    const guesser = "2001:db8:1:f4::1"; // the 500th, after the order was being guessed at
    expect(await attempt("4321", guesser, new Date(start + 1001 * 1000))).toEqual(expect.any(Number));
  });

  it("counts an IPv6 client's tries by its /64, whichever address in it it uses", async () => {
    const now = new Date("2026-03-16T10:00:00Z");
    const answers = [];
    for (let i = 1; i <= ATTEMPTS + 2; i++)
      answers.push(await attempt("0000", `2001:db8:77:1::${i.toString(16)}`, now));
    expect(answers.slice(0, ATTEMPTS).every((a) => a === "wrong")).toBe(true);
    expect(answers.slice(ATTEMPTS)).toEqual([expect.any(Number), expect.any(Number)]);
  });
});
