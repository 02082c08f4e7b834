import { describe, expect, it } from "vitest";
import { chatTopic, orderTopic, TOPICS } from "../../lib/events";
import { setupTestDatabase } from "../testing/setup";
import type { EventBus } from "./bus";

const h = setupTestDatabase({ bus: true });

/**
 * Never called: what the type check refuses. Each line below an @ts-expect-error must fail to
 * type-check (an unused @ts-expect-error is itself an error), so publishing outside the catalogue
 * in app/lib/events.ts cannot compile.
 */
function refusedByTheTypeCheck(bus: EventBus) {
  // @ts-expect-error a topic outside the catalogue (a typo)
  void bus.publish("stafff", "chat.agent", { id: "a1" });
  // @ts-expect-error a conversation's topic is built by chatTopic(), never written by hand
  void bus.publish("chat:c1", "chat.deleted", {});
  // @ts-expect-error an event the topic's kind does not carry (the visitor's stream has chat.state)
  void bus.publish(TOPICS.staff, "chat.state", { status: "open" });
  // @ts-expect-error the presence topic is not a conversation, though its name starts alike
  void bus.publish(TOPICS.presence, "chat.deleted", {});
  // @ts-expect-error a payload of another shape
  void bus.publish(TOPICS.staff, "chat.agent", { agentId: "a1" });
  // @ts-expect-error a payload missing a field
  void bus.publish(TOPICS.staff, "order.changed", { id: "o1", action: "updated" });
  // @ts-expect-error a signal is typed the same way
  void bus.signal(chatTopic("c1"), "chat.typing", { clientId: "c1", typing: "yes", name: null });
  // @ts-expect-error each event of a list too
  void bus.publishAll([{ topic: orderTopic("TRK-1"), type: "order.deleted", payload: { id: "o1" } }]);
  // @ts-expect-error and a stream resumes on catalogue topics only
  void bus.since(["order-TRK-1"], 0);
}
void refusedByTheTypeCheck; // for the type check alone

describe("the event catalogue on the bus", () => {
  it("publishes its events with the strings the browser and stored events know", async () => {
    const after = await h.bus.latestId();
    await h.bus.publish(TOPICS.staff, "chat.agent", { id: "a1" });
    await h.bus.publishAll([
      { topic: chatTopic("c1"), type: "chat.deleted", payload: {} },
      { topic: orderTopic("TRK-2026-ABC123"), type: "order.deleted", payload: {} },
      { topic: TOPICS.presence, type: "chat.presence", payload: { agents: [] } },
    ]);
    const topics = [TOPICS.staff, chatTopic("c1"), orderTopic("TRK-2026-ABC123"), TOPICS.presence];
    const stored = await h.bus.since(topics, after);
    expect(stored.map((e) => [e.topic, e.type, e.payload])).toEqual([
      ["staff", "chat.agent", { id: "a1" }],
      ["chat:c1", "chat.deleted", {}],
      ["order:TRK-2026-ABC123", "order.deleted", {}],
      ["chat:presence", "chat.presence", { agents: [] }],
    ]);
  });
});
