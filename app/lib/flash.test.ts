import { describe, expect, it } from "vitest";
import { flashCookie, parseFlash } from "./flash";

describe("flash cookies", () => {
  it("are one cookie per flash, holding only a catalogue key", () => {
    const c = flashCookie("unauthorized");
    expect(c).toMatch(/^mm_flash_[a-z0-9]+=unauthorized; Path=\/; Max-Age=60; SameSite=Lax$/);
  });

  it("shows the newest flash and clears them all; unknown keys and names are ignored", () => {
    const header =
      "mm_session=abc; mm_flash_a0=login-ok; other=1; mm_flash_b1=unauthorized; mm_flash_c2=<script>";
    expect(parseFlash(header)).toEqual({ key: "unauthorized", names: ["mm_flash_a0", "mm_flash_b1"] });
    expect(parseFlash("mm_session=abc")).toBeNull();
    expect(parseFlash(null)).toBeNull();
  });
});
