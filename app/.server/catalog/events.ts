import { type EventCatalogue, TOPICS } from "../../lib/events";
import type { EventBus } from "../events/bus";

/**
 * Announces a saved product change: every instance's page cache drops the shop pages
 * (docs/decisions/0022-page-cache.md), so visitors see it at their next request. The change is
 * saved: a database out of reach delays the announcement, never fails the answer (bus.announce).
 */
export function announceCatalogChange(
  bus: EventBus,
  id: string,
  action: EventCatalogue["catalog"]["catalog.changed"]["action"],
): Promise<void> {
  return bus.announce([{ topic: TOPICS.catalog, type: "catalog.changed", payload: { id, action } }]);
}
