import path from "node:path";
import type { Config } from "../config";
import type { OffsiteOptions } from "./offsite";

/** The BACKUP_* settings as the backup code uses them. */
export type BackupSettings = {
  dir: string;
  /** The scheduled backup's hour in `timeZone`, or null when scheduled backups are off. */
  hour: number | null;
  timeZone: string;
  keep: number;
  beforeMigrations: boolean;
  offsite: OffsiteOptions | null;
};

export function backupSettings(config: Config): BackupSettings {
  const bucket = config.BACKUP_S3_BUCKET;
  const endpoint = config.BACKUP_S3_ENDPOINT ?? config.S3_ENDPOINT;
  const accessKeyId = config.BACKUP_S3_ACCESS_KEY_ID ?? config.S3_ACCESS_KEY_ID;
  const secretAccessKey = config.BACKUP_S3_SECRET_ACCESS_KEY ?? config.S3_SECRET_ACCESS_KEY;
  const forcePathStyle = config.BACKUP_S3_FORCE_PATH_STYLE
    ? ["true", "1"].includes(config.BACKUP_S3_FORCE_PATH_STYLE)
    : config.S3_FORCE_PATH_STYLE;
  return {
    dir: path.resolve(config.BACKUP_DIR ?? path.join(config.dataDir, "backups")),
    hour: config.BACKUP_HOUR,
    timeZone: config.TIME_ZONE,
    keep: config.BACKUP_KEEP,
    beforeMigrations: config.BACKUP_BEFORE_MIGRATIONS,
    offsite:
      bucket && endpoint && accessKeyId && secretAccessKey
        ? {
            bucket,
            endpoint,
            accessKeyId,
            secretAccessKey,
            region: config.BACKUP_S3_REGION ?? config.S3_REGION,
            forcePathStyle,
            prefix: config.BACKUP_S3_PREFIX,
          }
        : null,
  };
}
