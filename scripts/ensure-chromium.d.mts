// Types of scripts/ensure-chromium.mjs for the TypeScript callers (playwright.config.ts).
export const DEFAULT_CHROMIUM_PATH: string;
export const FULL_CHROMIUM_PATH: string;
export function chromiumPath(env?: NodeJS.ProcessEnv): string;
export function fullChromiumPath(env?: NodeJS.ProcessEnv): string;
export function ensureChromium(opts?: { env?: NodeJS.ProcessEnv; verbose?: boolean }): string;
