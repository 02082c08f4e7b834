import type { EventBus } from "../events/bus";

/** Topic on which a change to the products is announced to every instance (never sent to browsers). */
export const CATALOG_TOPIC = "catalog";

/**
 * Announces a saved product change: every instance's page cache drops the shop pages
 * (docs/decisions/0022-page-cache.md), so visitors see it at their next request.
 */
export function announceCatalogChange(bus: EventBus, id: string, action: "saved" | "deleted" | "stock") {
  return bus.publish(CATALOG_TOPIC, "catalog.changed", { id, action });
}
