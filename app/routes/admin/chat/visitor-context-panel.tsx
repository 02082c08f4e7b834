import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import { displayName } from "~/lib/chat";
import { formatDateTime, formatRelative, formatShortTime } from "~/lib/dates";
import { COUNTRY_BASIS_TEXT, VISIT_GAP_MS, visitorLocalTime } from "~/lib/visitor-context";
import type { Conversation, InboxData, VisitorContextData } from "./types";
import { useNow } from "./use-mark-read";

type Page = VisitorContextData["pages"][number];

/**
 * 'Visitante' (issue 41): where the visitor is now and the pages of this visit (live: the staff
 * stream's 'chat.visit' reloads the open conversation), their browser and device, language,
 * local time and probable country (from the time zone, the phone and the languages: never their
 * address). Shown for every visitor, with or without contact details; staff only.
 */
export function VisitorContextPanel({ conv, timeZone }: { conv: Conversation; timeZone?: string }) {
  const { visitor } = useLoaderData<InboxData>();
  const now = useNow();
  const known = visitor && (visitor.current || visitor.device || visitor.timeZone || visitor.visits);
  return (
    <section aria-labelledby="visitor-title" className="space-y-3 p-4">
      <h2 id="visitor-title" className="font-heading text-base font-semibold">
        Visitante
      </h2>
      {visitor && known ? (
        <>
          {visitor.current ? <CurrentPage page={visitor.current} now={now} /> : null}
          <VisitPages pages={visitor.pages} now={now} timeZone={timeZone} />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
            {visitor.firstSeen ? (
              <Row term="Primera visita">{formatDateTime(visitor.firstSeen, timeZone)}</Row>
            ) : null}
            {visitor.visits ? <Row term="Visitas">{visitor.visits}</Row> : null}
            {visitor.device ? <Row term="Dispositivo">{visitor.device}</Row> : null}
            {visitor.language ? <Row term="Idioma">{visitor.language}</Row> : null}
            <LocalTime zone={visitor.timeZone} now={now} />
            {visitor.countryGuess ? (
              <Row term="País probable">
                {visitor.countryGuess.name} (probable)
                <span className="block text-xs text-muted-foreground">
                  {COUNTRY_BASIS_TEXT[visitor.countryGuess.basis]}
                </span>
              </Row>
            ) : null}
          </dl>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Sin datos de la visita todavía: aparecen cuando {displayName(conv)} abre una página de la web.
        </p>
      )}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** The visitor's clock, live; the server and the browser may disagree by a minute at hydration. */
function LocalTime({ zone, now }: { zone: string | null; now: Date }) {
  const text = zone ? visitorLocalTime(zone, now) : null;
  if (!text) return null;
  return (
    <>
      <dt className="text-muted-foreground">Hora local</dt>
      <dd className="min-w-0" suppressHydrationWarning>
        {text}
      </dd>
    </>
  );
}

/** 'Ahora en' while the visit goes on; after a long pause, the last page and when. */
function CurrentPage({ page, now }: { page: Page; now: Date }) {
  const ongoing = now.getTime() - Date.parse(page.at) <= VISIT_GAP_MS;
  return (
    <div className="rounded-xl border bg-card p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground" suppressHydrationWarning>
        {ongoing ? "Ahora en" : `Última página, ${formatRelative(page.at, now)}`}
      </p>
      <PageName page={page} />
    </div>
  );
}

function PageName({ page }: { page: Page }) {
  return (
    <>
      {page.title ? <span className="block font-medium break-words">{page.title}</span> : null}
      <span className="block font-mono text-xs break-all text-muted-foreground">{page.path}</span>
    </>
  );
}

/** This visit's pages, newest first, with the time each was opened (shop time). */
function VisitPages({ pages, now, timeZone }: { pages: Page[]; now: Date; timeZone?: string }) {
  if (pages.length === 0) return null;
  return (
    <div className="space-y-1.5">
      <h3 id="visit-pages-title" className="text-sm font-semibold">
        Páginas de esta visita
      </h3>
      <ol aria-labelledby="visit-pages-title" className="space-y-1.5 text-sm">
        {pages.map((page) => (
          <li key={`${page.at}-${page.path}`} className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <PageName page={page} />
            </div>
            <time
              dateTime={page.at}
              title={formatDateTime(page.at, timeZone)}
              className="shrink-0 text-xs text-muted-foreground tabular-nums"
            >
              {formatShortTime(page.at, now, timeZone)}
            </time>
          </li>
        ))}
      </ol>
    </div>
  );
}
