import { describe, expect, it } from "vitest";
import { MAX_MENTION_KEYS, mentionKeys, orderMentions, splitOrderMentions } from "./order-mentions";

const keys = (text: string) => orderMentions(text).map((m) => m.key);

describe("orders named in a chat message", () => {
  it("finds a tracking number in any case, keyed in upper case, with where it is", () => {
    expect(orderMentions("Mi pedido es trk-2026-abc123, ¿ya salió?")).toEqual([
      { index: 13, text: "trk-2026-abc123", key: "TRK-2026-ABC123" },
    ]);
    // Numbers longer than six characters are numbers too (the format allows them).
    expect(keys("TRK-2025-ABCD2345.")).toEqual(["TRK-2025-ABCD2345"]);
  });

  it("finds a code written alone only when it mixes letters and digits", () => {
    expect(keys("El código es abc123")).toEqual(["ABC123"]);
    expect(keys("Gracias, Muchas 305777 GRACIAS abcdef")).toEqual([]);
  });

  it("never reads a code inside a longer word, number or tracking number", () => {
    expect(keys("xabc123 abc1234 ab12cd3 TRK-2026-ABC123")).toEqual(["TRK-2026-ABC123"]);
    expect(keys("canción9 niño12")).toEqual([]);
  });

  it("gives each conversation's different keys once, at most MAX_MENTION_KEYS", () => {
    expect(mentionKeys(["ABC123 y abc123", "TRK-2026-XYZ789", "abc123"])).toEqual([
      "ABC123",
      "TRK-2026-XYZ789",
    ]);
    const many = Array.from({ length: MAX_MENTION_KEYS + 10 }, (_, i) => `A${String(i).padStart(5, "0")}`);
    expect(mentionKeys([many.join(" ")])).toHaveLength(MAX_MENTION_KEYS);
  });

  it("links only the keys the server found, keeping the text as written", () => {
    const text = "Tengo abc123 y ZZZ999, y TRK-2026-abc123.";
    const links = { ABC123: "TRK-2026-ABC123", "TRK-2026-ABC123": "TRK-2026-ABC123" };
    expect(splitOrderMentions(text, links)).toEqual([
      { kind: "text", text: "Tengo " },
      { kind: "order", text: "abc123", trackingNumber: "TRK-2026-ABC123" },
      { kind: "text", text: " y ZZZ999, y " },
      { kind: "order", text: "TRK-2026-abc123", trackingNumber: "TRK-2026-ABC123" },
      { kind: "text", text: "." },
    ]);
    expect(splitOrderMentions("Nada que ver", links)).toEqual([{ kind: "text", text: "Nada que ver" }]);
  });
});
