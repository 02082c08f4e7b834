import type { Route } from "./+types/route";

/** What this screen's parts receive, typed from its loader and action (React Router typegen). */
export type LoaderData = Route.ComponentProps["loaderData"];
export type ActionData = Route.ComponentProps["actionData"];
