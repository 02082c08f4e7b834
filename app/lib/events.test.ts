import { describe, expect, it } from "vitest";
import {
  chatTopic,
  EVENT_NAMES,
  isEvent,
  orderTopic,
  STREAMS,
  streamEventNames,
  TOPICS,
  topicKind,
  trackingNumberOf,
} from "./events";

describe("the event catalogue", () => {
  it("keeps the wire's topic strings (open pages and stored events carry them)", () => {
    expect(TOPICS).toEqual({
      staff: "staff",
      presence: "chat:presence",
      sessions: "sessions",
      catalog: "catalog",
      site: "site",
      orderSettings: "order-settings",
    });
    expect(chatTopic("session_1_abc")).toBe("chat:session_1_abc");
    expect(orderTopic("TRK-2026-ABC123")).toBe("order:TRK-2026-ABC123");
    expect(trackingNumberOf(orderTopic("TRK-2026-ABC123"))).toBe("TRK-2026-ABC123");
  });

  it("tells a topic's kind, the presence topic from a conversation's", () => {
    expect(topicKind("staff")).toBe("staff");
    expect(topicKind("chat:presence")).toBe("presence");
    expect(topicKind(chatTopic("session_1_abc"))).toBe("chat");
    expect(topicKind(orderTopic("TRK-2026-ABC123"))).toBe("order");
    expect(topicKind("order-settings")).toBe("orderSettings");
    expect(topicKind("elsewhere")).toBeNull();
  });

  it("recognises an event by its topic's kind and its name", () => {
    const e = { topic: orderTopic("TRK-1"), type: "order.deleted", payload: {} };
    expect(isEvent(e, "order", "order.deleted")).toBe(true);
    expect(isEvent(e, "order", "order.updated")).toBe(false);
    expect(isEvent({ ...e, topic: "staff" }, "order", "order.deleted")).toBe(false);
  });

  it("lists every event each browser stream carries", () => {
    expect(streamEventNames("staff")).toEqual([...EVENT_NAMES.staff]);
    expect(streamEventNames("visitor")).toEqual([
      "chat.message",
      "chat.state",
      "chat.deleted",
      "chat.typing",
      "chat.presence",
    ]);
    expect(streamEventNames("presence")).toEqual(["chat.presence"]);
    expect(streamEventNames("tracking")).toEqual(["order.updated", "order.deleted"]);
    // Server-only topics reach no browser.
    const browserKinds = new Set<string>(Object.values(STREAMS).flat());
    for (const kind of ["sessions", "catalog", "site", "orderSettings"] as const)
      expect(browserKinds.has(kind)).toBe(false);
  });
});
