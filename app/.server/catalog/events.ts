import { type EventCatalogue, TOPICS } from "../../lib/events";
import type { EventBus } from "../events/bus";

/**
 * Announces a saved product change: every instance's page cache drops the shop pages
 * (docs/decisions/0022-page-cache.md), so visitors see it at their next request.
 */
export function announceCatalogChange(
  bus: EventBus,
  id: string,
  action: EventCatalogue["catalog"]["catalog.changed"]["action"],
) {
  return bus.publish(TOPICS.catalog, "catalog.changed", { id, action });
}
