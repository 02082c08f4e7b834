import { describe, expect, it } from "vitest";
import { BACKUP_LOCK, LOCKS } from "./locks";

describe("advisory lock keys", () => {
  it("give every rule a key of its own, the backup's included (one key space on Postgres)", () => {
    // 7355608: the migrations (client.ts); 7355609: the event bus's publish lock (events/bus.ts).
    const keys = [7355608, 7355609, ...Object.values(LOCKS), BACKUP_LOCK];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
