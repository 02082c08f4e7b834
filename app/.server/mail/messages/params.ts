import type { OrderStatus } from "../../../lib/orders";
import type { ContentLine } from "../../../lib/parcel";

/**
 * What each kind of message takes (stored as the queue row's `params`, app/.server/db/schema.ts
 * mailQueue): only what it shows, as plain values, so a message renders the same at any later try.
 * Dates are ISO strings.
 */
export type MailParamsOf = {
  "parcel.created": {
    trackingNumber: string;
    recipientName: string;
    senderName: string | null;
    box: string | null;
    contents: ContentLine[] | null;
    total: string | null;
    createdAt: string;
    unsubscribeToken: string;
  };
  "parcel.update": {
    trackingNumber: string;
    status: OrderStatus | null;
    note: string | null;
    place: string | null;
    at: string;
    unsubscribeToken: string;
  };
  "parcel.subscribed": { trackingNumber: string; unsubscribeToken: string };
  "shop.notice": {
    /**
     * contact form, quote request, new chat, a message in an older conversation, or more messages
     * after an earlier notice (`count` of them).
     */
    what: "contact" | "quote" | "chat" | "message" | "more";
    clientId: string;
    name: string;
    excerpt: string | null;
    count?: number;
  };
  "chat.transcript": {
    name: string | null;
    /** The newest messages, oldest first; `author` null is the shop (a staff message without a name). */
    messages: {
      from: "visitor" | "staff";
      author: string | null;
      body: string | null;
      photo: boolean;
      at: string;
    }[];
  };
  "staff.invitation": {
    name: string;
    roleLabel: string;
    token: string;
    expiresAt: string;
    invitedBy: string | null;
  };
  "staff.reset": { name: string; token: string; expiresAt: string };
};
