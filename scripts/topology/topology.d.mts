// Types of scripts/topology/topology.mjs for the TypeScript callers (tests/topology/).
export const ROOT: string;
export const SITE_FILE: string;
export const NGINX: string;
export const CREDENTIALS: {
  admin: { email: string; password: string };
  operador: { email: string; password: string };
};
export const S3_KEYS: { accessKeyId: string; secretAccessKey: string };
export const S3_BUCKET: string;
export const S3_REGION: string;
export const TRACKING_LIMIT: number;
export function ensureNginx(opts?: { verbose?: boolean }): string;
export function createDatabase(postgresUrl: string, prefix?: string): Promise<string>;
export function query(
  databaseUrl: string,
  text: string,
  params?: unknown[],
): Promise<Record<string, unknown>[]>;
export function instanceEnv(opts: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  s3Url: string;
  publicUrl: string;
}): Record<string, string>;
export type Instance = {
  name: string;
  port: number;
  url: string;
  output(): string;
  running(): boolean;
  pid(): number | undefined;
  start(timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
};
export function createInstance(opts: {
  name: string;
  port: number;
  env: Record<string, string>;
  log?: (message: string) => void;
}): Instance;
export function startInstances(instances: Instance[]): Promise<void>;
export type Topology = {
  url: string;
  pinned: string[];
  instances: Instance[];
  databaseUrl: string;
  postgresUrl: string;
  s3: {
    url: string;
    proxy: { stats: { verified: number; refused: number; anonymous: number; refusals: string[] } };
    stop(): Promise<void>;
  };
  nginx: { pid: number; errorLog(): string; stop(): Promise<void> };
  dir: string;
  stop(): Promise<void>;
};
export function startTopology(opts: {
  postgresUrl: string;
  instances?: number;
  log?: (message: string) => void;
}): Promise<Topology>;
