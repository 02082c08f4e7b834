import type { Route } from "./+types/route";

/** What this screen's components receive, typed from its loader and action (React Router typegen). */
export type UsersData = Route.ComponentProps["loaderData"];
export type UsersActionData = Route.ComponentProps["actionData"];
export type StaffRow = UsersData["users"][number];
