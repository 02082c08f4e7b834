// Types of scripts/built-server.mjs for the TypeScript callers (tests/security/).
export const ROOT: string;
export function tempDataDir(label: string): string;
export function siteTemplate(opts?: { demo?: boolean }): Promise<string>;
export function siteDataDir(label: string, opts?: { demo?: boolean }): Promise<string>;
export function buildHash(): string;
export function firstStart(dataDir: string, demo: boolean, databaseUrl?: string): Promise<void>;
export function freePort(): Promise<number>;
export type BuiltServer = {
  url: string;
  port: number;
  pid: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
};
export function startServer(
  env: Record<string, string>,
  opts?: {
    output?: "inherit" | "ignore" | "capture";
    port?: number;
    timeoutMs?: number;
    nodeArgs?: string[];
    openFilesLimit?: number;
  },
): Promise<BuiltServer>;
