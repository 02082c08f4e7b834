import { describe, expect, it } from "vitest";
import {
  consumeFlash,
  flashSetCookie,
  readSessionToken,
  sessionClearCookie,
  sessionSetCookie,
} from "./cookies";

/** The name=value part of a Set-Cookie header, as the browser would send it back. */
const sent = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("session cookie", () => {
  it("round-trips the token, httpOnly, lax, for the remaining lifetime, Secure only over HTTPS", async () => {
    const header = await sessionSetCookie("tok_123", {
      expiresAt: new Date(Date.now() + 3600_000),
      secure: false,
    });
    expect(header).toMatch(/^mm_session=[^;]+; Max-Age=(3599|3600); Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await readSessionToken(`other=1; ${sent(header)}`)).toBe("tok_123");
    const secure = await sessionSetCookie("t", { expiresAt: new Date(Date.now() + 1000), secure: true });
    expect(secure).toContain("; Secure");
  });

  it("reads no token from a missing, cleared or garbled cookie", async () => {
    expect(await readSessionToken(null)).toBeNull();
    expect(await readSessionToken(sent(await sessionClearCookie(false)))).toBeNull();
    expect(await readSessionToken("mm_session=%%%garbage")).toBeNull();
    expect(await sessionClearCookie(true)).toMatch(
      /^mm_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});

describe("flash cookie", () => {
  it("carries a catalogue key for a minute and is consumed by the next read", async () => {
    const header = await flashSetCookie("unauthorized");
    expect(header).toMatch(/^mm_flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const { flash, setCookie } = await consumeFlash(`mm_session=x; ${sent(header)}`);
    expect(flash).toMatchObject({ key: "unauthorized", id: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(setCookie).toMatch(/^mm_flash=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("gives every flash its own id, so the page shows each once", async () => {
    const a = await consumeFlash(sent(await flashSetCookie("login-ok")));
    const b = await consumeFlash(sent(await flashSetCookie("login-ok")));
    expect(a.flash?.id).not.toBe(b.flash?.id);
  });

  it("ignores and clears a planted value that is not a catalogue key", async () => {
    const planted = `mm_flash=${btoa(JSON.stringify({ key: "<script>", id: "1" }))}`;
    expect(await consumeFlash(planted)).toEqual({
      flash: null,
      setCookie: expect.stringMatching(/^mm_flash=;/),
    });
    expect(await consumeFlash("mm_session=abc")).toEqual({ flash: null, setCookie: null });
    expect(await consumeFlash(null)).toEqual({ flash: null, setCookie: null });
  });
});
