import type { Route } from "./+types/route";

/** What the inbox's components receive, typed from its loader and action (React Router typegen). */
export type InboxData = Route.ComponentProps["loaderData"];
export type ChatActionData = Route.ComponentProps["actionData"];
export type Conversation = NonNullable<InboxData["conversations"]>[number];
export type Agent = NonNullable<InboxData["agents"]>[number];
/** The open conversation's visitor: browser, language, time zone, pages of this visit (issue 41). */
export type VisitorContextData = NonNullable<InboxData["visitor"]>;
