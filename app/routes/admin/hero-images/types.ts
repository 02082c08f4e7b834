import type { Route } from "./+types/route";

/** What this screen's components receive, typed from its loader (React Router typegen). */
export type HeroAdminData = Route.ComponentProps["loaderData"];
export type HeroImageView = HeroAdminData["images"][number];
