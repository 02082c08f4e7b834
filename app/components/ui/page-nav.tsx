import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cursorParam, type PageCursor, type PageLinks } from "~/lib/keyset";
import { cn } from "./cn";

/**
 * The links to the newer and the older page of a keyset-paged staff list (app/lib/keyset.ts),
 * keeping the URL's other parameters (filter, search, open item). Nothing when one page holds all.
 */
export function PageNav({
  label,
  links,
  newerLabel,
  olderLabel,
  className,
  keepScroll = false,
}: {
  label: string;
  links: PageLinks;
  newerLabel: string;
  olderLabel: string;
  className?: string;
  /** Stay where the page is scrolled (a list in its own scrolling panel); else go to the top. */
  keepScroll?: boolean;
}) {
  const { pathname, search } = useLocation();
  if (!links.newer && !links.older) return null;
  const to = (param: "antes" | "despues", cursor: PageCursor | null) => {
    if (!cursor) return null;
    const next = new URLSearchParams(search);
    next.delete("antes");
    next.delete("despues");
    next.set(param, cursorParam(cursor));
    return `${pathname}?${next}`;
  };
  return (
    <nav aria-label={label} className={cn("flex shrink-0 gap-2", className)}>
      <PageLink to={to("antes", links.newer)} keepScroll={keepScroll}>
        <ChevronLeft aria-hidden="true" className="size-4" /> {newerLabel}
      </PageLink>
      <PageLink to={to("despues", links.older)} keepScroll={keepScroll}>
        {olderLabel} <ChevronRight aria-hidden="true" className="size-4" />
      </PageLink>
    </nav>
  );
}

function PageLink({
  to,
  keepScroll,
  children,
}: {
  to: string | null;
  keepScroll: boolean;
  children: ReactNode;
}) {
  const cls = "flex h-9 flex-1 items-center justify-center gap-1 rounded-lg border text-sm font-medium";
  if (!to)
    return (
      <span aria-disabled="true" className={cn(cls, "text-muted-foreground opacity-60")}>
        {children}
      </span>
    );
  return (
    <Link to={to} preventScrollReset={keepScroll} className={cn(cls, "bg-card hover:bg-muted")}>
      {children}
    </Link>
  );
}
