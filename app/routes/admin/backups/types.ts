import type { Route } from "./+types/route";

/** What this screen's components receive, typed from its loader and action (React Router typegen). */
export type BackupsData = Route.ComponentProps["loaderData"];
export type BackupsActionData = Route.ComponentProps["actionData"];
export type BackupItem = BackupsData["backups"][number];
