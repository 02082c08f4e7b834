import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { linkify } from "~/lib/chat";

/**
 * Message text as plain text (never HTML), with http(s) links made clickable safely. `renderText`
 * draws the parts outside links (staff see the orders a message names as links, issue 41).
 */
export function MessageText({
  text,
  linkClassName,
  renderText,
}: {
  text: string;
  linkClassName?: string;
  renderText?: (text: string) => ReactNode;
}) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {linkify(text).map((part, i) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={cn("underline underline-offset-2", linkClassName)}
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <span key={i}>{renderText ? renderText(part.text) : part.text}</span>
        ),
      )}
    </p>
  );
}
