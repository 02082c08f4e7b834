import { ArrowLeft, MessageCircle, UserRoundCog } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { displayName } from "~/lib/chat";
import { CHAT_URLS } from "~/lib/chat-api";
import { displayPhone, waMeHref } from "~/lib/phone";
import { ManageMenu } from "./manage-menu";
import { RatingLine } from "./rating-line";
import type { Conversation } from "./types";

/** The open conversation's header: back (phones), name and contact, status, WhatsApp, side panel, 'Gestionar'. */
export function ConversationHeader({
  conv,
  canManage,
  onOpenAssignment,
}: {
  conv: Conversation;
  canManage: boolean;
  onOpenAssignment: () => void;
}) {
  const name = displayName(conv);
  return (
    <div data-toast-clear className="flex shrink-0 items-center gap-2 border-b bg-card px-3 py-2 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <Link to={CHAT_URLS.inbox} aria-label="Volver a conversaciones">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{name}</h2>
        {conv.contactPhone || conv.contactEmail ? (
          <p className="truncate text-xs text-muted-foreground">
            {[conv.contactPhone && displayPhone(conv.contactPhone), conv.contactEmail]
              .filter(Boolean)
              .join(" · ")}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Estado: {conv.status === "resolved" ? "Resuelta" : "Abierta"}
        </p>
        <RatingLine rating={conv.rating} />
      </div>
      {conv.contactPhone ? (
        <Button asChild variant="outline" size="sm">
          <a href={waMeHref(conv.contactPhone)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden="true" />
            <span className="max-sm:sr-only">Continuar por WhatsApp</span>
          </a>
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="icon"
        className="xl:hidden"
        aria-label="Detalles"
        onClick={onOpenAssignment}
      >
        <UserRoundCog aria-hidden="true" />
      </Button>
      <ManageMenu conv={conv} canManage={canManage} />
    </div>
  );
}
