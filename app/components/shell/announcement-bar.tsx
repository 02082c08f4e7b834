import { X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { closeAnnouncementCookie, closedAnnouncements, type PageSchedule } from "~/lib/schedule";

export type AnnouncementBarProps = { announcement: PageSchedule["announcement"] };

/** Where the close button posts without scripts (app/routes/api/announcement.ts). */
const CLOSE_ACTION = "/api/aviso";

/**
 * The owner's announcement (/admin/avisos) above the header of every public page: one line that
 * wraps on a phone, with an optional link, and a close button. The server leaves out an
 * announcement this visitor closed (a cookie), so the page never shifts once its scripts run. The
 * button is a form: without scripts it posts and the server sets the cookie; with them, the bar
 * sets it and goes away at once.
 */
export function AnnouncementBar({ announcement }: AnnouncementBarProps) {
  const location = useLocation();
  const [closed, setClosed] = useState<string | null>(null);
  if (!announcement || closed === announcement.id) return null;
  const { id, message, linkUrl } = announcement;
  const external = !!linkUrl && !linkUrl.startsWith("/");
  const text = "underline decoration-2 underline-offset-2 hover:decoration-foreground/60";
  return (
    <section aria-label="Aviso" className="bg-accent text-accent-foreground">
      <div className="mx-auto flex max-w-7xl items-center gap-1 py-1 pr-1 pl-4 sm:pr-4 sm:pl-6">
        <p className="min-w-0 flex-1 py-1.5 text-center text-sm leading-snug font-medium [overflow-wrap:anywhere]">
          {!linkUrl ? (
            message
          ) : external ? (
            <a href={linkUrl} target="_blank" rel="noopener noreferrer" className={text}>
              {message}
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          ) : (
            <Link to={linkUrl} className={text}>
              {message}
            </Link>
          )}
        </p>
        <form
          method="post"
          action={CLOSE_ACTION}
          className="shrink-0"
          onSubmit={(event) => {
            event.preventDefault();
            // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on older phones; the same plain cookie the server writes.
            document.cookie = closeAnnouncementCookie(closedAnnouncements(document.cookie), announcement, {
              now: new Date(),
              secure: window.location.protocol === "https:",
            });
            setClosed(id);
          }}
        >
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          <button
            type="submit"
            aria-label="Cerrar aviso"
            className="inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-black/10"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>
      </div>
    </section>
  );
}
