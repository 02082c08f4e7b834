// Types of server/exit-codes.mjs for the TypeScript callers (server/index.ts).
export const RESTART_EXIT_CODE: 75;
