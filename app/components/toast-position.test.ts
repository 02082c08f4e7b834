import { describe, expect, it } from "vitest";
import { clearTop, TOAST_HEIGHT, toastSpan } from "./toast-position";

const phone = { width: 390, height: 740 };
const desktop = { width: 1280, height: 800 };
const box = (top: number, bottom: number, left = 0, right = 2000) => ({ top, bottom, left, right });

describe("where a toast goes", () => {
  it("spans the phone's width less a margin, and 356 px centred from 600 px up", () => {
    expect(toastSpan(390)).toEqual({ left: 12, right: 378 });
    expect(toastSpan(1280)).toEqual({ left: 462, right: 818 });
  });

  it("sits below the frame's header (navigation, cart, account)", () => {
    expect(clearTop([box(0, 56)], phone)).toBe(64);
    expect(clearTop([box(0, 64)], desktop)).toBe(72);
  });

  it("also clears the inbox's conversation bar and a dialog's close button when it would cover them", () => {
    // Staff header, then the conversation bar right under it (back arrow, 'Gestionar').
    expect(clearTop([box(0, 56), box(56, 112)], phone)).toBe(120);
    // A dialog whose close button would fall inside the toast: the toast goes below it.
    expect(clearTop([box(0, 56), box(100, 144, 334, 378)], phone)).toBe(152);
    // One far enough below the band leaves the toast where it was.
    expect(clearTop([box(0, 56), box(64 + TOAST_HEIGHT + 10, 260, 334, 378)], phone)).toBe(64);
  });

  it("ignores controls beside it: a dialog's close button outside the centred toast on a wide screen", () => {
    expect(clearTop([box(0, 56), box(120, 164, 840, 884)], desktop)).toBe(64);
  });

  it("never goes below the screen", () => {
    expect(clearTop([box(0, 700)], phone)).toBe(740 - TOAST_HEIGHT);
  });
});
