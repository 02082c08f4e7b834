import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";

/** Demo hero images and customer photos for a first start (issue: public pages). */
export async function seedDemoSiteImages(_db: Db, _storage: Storage, _logger: Logger): Promise<void> {}
