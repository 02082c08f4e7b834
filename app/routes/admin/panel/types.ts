import type { Route } from "./+types/route";

/** What the panel's tabs receive, typed from its loader and action (React Router typegen). */
export type PanelData = Route.ComponentProps["loaderData"];
export type PanelActionData = Route.ComponentProps["actionData"];
export type ContentChangeView = PanelData["changes"][number];
