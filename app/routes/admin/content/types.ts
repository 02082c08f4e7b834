import type { Route } from "./+types/route";

/** What this screen's components receive, typed from its loader and action (React Router typegen). */
export type ContentData = Route.ComponentProps["loaderData"];
export type ContentActionData = Route.ComponentProps["actionData"];
