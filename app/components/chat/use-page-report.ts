import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isStaffPath, LANGUAGE_TAG, PAGE_PATH_MAX, PAGE_TITLE_MAX } from "~/lib/visitor-context";
import { readVisits } from "~/lib/visitor-visits";
import { type PageReport, postPage } from "./visitor-api";

/**
 * Tells staff which page a visitor with a conversation is on (issue 41): every client-side
 * navigation of the public pages, and the page where the conversation starts. The first report of
 * a page load carries the browser's context (time zone, languages, visits). Fire-and-forget.
 */
export function usePageReport(conversation: { clientId: string; secret: string } | null) {
  const { pathname, search } = useLocation();
  // The conversation that already got this page load's context.
  const told = useRef<string | null>(null);
  const clientId = conversation?.clientId ?? null;
  const secret = conversation?.secret ?? null;
  useEffect(() => {
    // A query too long to keep is left off: the page itself still counts.
    const full = `${pathname}${search}`;
    const path = full.length <= PAGE_PATH_MAX ? full : pathname;
    if (!clientId || !secret || isStaffPath(path) || path.length > PAGE_PATH_MAX) return;
    const report: PageReport = { clientId, path, title: document.title.trim().slice(0, PAGE_TITLE_MAX) };
    if (told.current !== clientId) report.context = browserContext();
    told.current = clientId;
    postPage(report, secret);
  }, [clientId, secret, pathname, search]);
}

function browserContext(): NonNullable<PageReport["context"]> {
  const visits = readVisits();
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    timeZone = undefined;
  }
  const languages = (navigator.languages?.length ? navigator.languages : [navigator.language])
    .filter((l) => typeof l === "string" && l.length <= 35 && LANGUAGE_TAG.test(l))
    .slice(0, 8);
  return { timeZone, languages, firstSeen: visits?.firstSeen, visits: visits?.visits };
}
