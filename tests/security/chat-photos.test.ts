import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { generateClientId } from "../../app/lib/chat";
import { atWindowStart, freshIp, from, logProblems, routeData, setupSite, signIn } from "./harness";

// Second round, finding 5: one address with three conversations sent 44 ten-megabyte photos in 30 s
// (+72 MB, ~8 GB an hour) with no quota. Anonymous photo bytes are now counted per hour per
// conversation, per address and in all (CHAT_PHOTO_MB_*); staff uploads do not count.
const site = setupSite({
  CHAT_PHOTO_MB_PER_CONVERSATION: "1",
  CHAT_PHOTO_MB_PER_ADDRESS: "2",
  CHAT_PHOTO_MB_PER_HOUR: "3",
});

let photo: Blob;
beforeAll(async () => {
  // Noise does not compress: about 300–400 KB as a JPEG.
  const jpeg = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  photo = new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
  expect(photo.size).toBeGreaterThan(250 * 1024);
  expect(photo.size).toBeLessThan(1024 * 1024);
});

/** One conversation of a visitor at `ip`: sends photos until refused; the statuses, in order. */
async function sendPhotos(ip: string, max: number): Promise<{ statuses: number[]; refusal: string }> {
  const clientId = generateClientId();
  let secret = "";
  const statuses: number[] = [];
  let refusal = "";
  for (let i = 0; i < max; i++) {
    const form = new FormData();
    form.set("clientId", clientId);
    form.set("clientMessageId", randomUUID());
    form.set("image", photo, "foto.jpg");
    const res = await fetch(`${site.url}/api/chat/messages`, {
      method: "POST",
      headers: { ...from(ip), ...(secret ? { "X-Chat-Secret": secret } : {}) },
      body: form,
    });
    statuses.push(res.status);
    const body = (await res.json()) as { secret?: string; error?: string };
    if (body.secret) secret = body.secret;
    if (res.status === 429) {
      refusal = body.error ?? "";
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      break;
    }
  }
  return { statuses, refusal };
}

describe("second round, finding 5: quotas on anonymous chat photos", () => {
  it("per conversation, per address and in all, refused in Spanish; staff photos are not counted", async () => {
    await atWindowStart(3_600_000, 120_000);
    // Quotas count kilobytes; a photo refused by a later quota still counted on the earlier ones.
    const kb = Math.ceil(photo.size / 1024);
    const fits = (mb: number) => Math.floor((mb * 1024) / kb);

    const ip = freshIp();
    const first = await sendPhotos(ip, 20);
    expect(first.statuses.filter((s) => s < 300)).toHaveLength(fits(1));
    expect(first.refusal).toBe("Ya enviaste muchas fotos en esta hora. Inténtalo de nuevo más tarde.");

    // Another conversation from the same address: its own quota, until the address's is used up.
    const second = await sendPhotos(ip, 20);
    const third = await sendPhotos(ip, 20);
    const fromAddress = [first, second, third].flatMap((c) => c.statuses).filter((s) => s < 300).length;
    expect(second.statuses[0]).toBeLessThan(300);
    expect(fromAddress).toBeLessThanOrEqual(fits(2));
    expect(third.statuses).toEqual([429]);
    expect(third.refusal).toBe(first.refusal);

    // Other addresses: until the hour's quota for everyone is used up.
    let accepted = fromAddress;
    let last = { statuses: [] as number[], refusal: "" };
    for (let n = 0; n < 10 && !last.refusal.startsWith("No podemos"); n++) {
      last = await sendPhotos(freshIp(), 3);
      accepted += last.statuses.filter((s) => s < 300).length;
    }
    expect(last.refusal).toBe("No podemos recibir más fotos en este momento. Inténtalo de nuevo más tarde.");
    expect(accepted).toBeLessThanOrEqual(fits(3));
    expect(accepted).toBeGreaterThan(fits(2));

    // Staff photos are not counted against the visitors' quotas.
    const cookie = await signIn(site);
    const clientId = generateClientId();
    const opened = await fetch(`${site.url}/api/chat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from(freshIp()) },
      body: JSON.stringify({ clientId, clientMessageId: randomUUID(), message: "Hola" }),
    });
    expect(opened.status).toBe(201);
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.set("intent", "photo");
      form.set("clientId", clientId);
      form.set("clientMessageId", randomUUID());
      form.set("image", photo, "foto.jpg");
      const sent = await routeData(site, "/admin/chat", { cookie, form });
      expect(sent.status, `staff photo ${i}`).toBe(200);
    }
  }, 240_000);

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
