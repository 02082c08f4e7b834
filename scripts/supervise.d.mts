// Types of scripts/supervise.mjs for the TypeScript callers (its test).
import type { StdioOptions } from "node:child_process";

export type Supervised = {
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly pid: number | undefined;
  stop(signal: NodeJS.Signals): void;
};
export function supervise(opts: {
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  maxQuickRestarts?: number;
  log?: (message: string) => void;
}): Supervised;
