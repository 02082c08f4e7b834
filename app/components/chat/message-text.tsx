import { cn } from "~/components/ui/cn";
import { linkify } from "~/lib/chat";

/** Message text as plain text (never HTML), with http(s) links made clickable safely. */
export function MessageText({ text, linkClassName }: { text: string; linkClassName?: string }) {
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
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
