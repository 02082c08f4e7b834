import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";

/** Demo product images for a first start (issue: shop and product management). */
export async function seedDemoProductImages(_db: Db, _storage: Storage, _logger: Logger): Promise<void> {}
