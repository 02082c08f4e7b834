import type { Route } from "./+types/route";

/** What this screen's components receive, typed from its loader and action (React Router typegen). */
export type ScheduleData = Route.ComponentProps["loaderData"];
export type ScheduleReply = Route.ComponentProps["actionData"];
