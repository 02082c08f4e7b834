// Types of scripts/test-cache.mjs for the TypeScript callers (app/.server/testing/, tests/).
export const CACHE_DIR: string;
export function hashOfFiles(paths: string[]): string;
export function cachedEntry(
  kind: string,
  key: string,
  make: (tmpPath: string) => Promise<void>,
): Promise<string>;
export function shareBlankPgliteImage(): Promise<string>;
