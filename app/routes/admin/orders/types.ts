import type { Route } from "./+types/route";

/** What this screen's components receive, typed from its loader and action (React Router typegen). */
export type OrdersData = Route.ComponentProps["loaderData"];
export type OrdersActionData = Route.ComponentProps["actionData"];
export type StaffOrder = NonNullable<OrdersData["orders"]>[number];
export type Courier = NonNullable<OrdersData["couriers"]>[number];
