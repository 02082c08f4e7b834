import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { addDays } from "~/lib/dates";

/**
 * 'Hoy', 'Últimos 7 días', 'Últimos 30 días': one tap sets a screen's period (issue 42), next to
 * its two date fields. Plain links with the period in the address, so they work before the page's
 * scripts (or without them); `today` is the shop's day ('YYYY-MM-DD'), from the loader.
 */
export function QuickRanges({
  today,
  from,
  to,
  href,
}: {
  today: string;
  /** The period shown now: its link is marked. */
  from?: string;
  to?: string;
  /** The address of a period, with the screen's other filters. */
  href: (from: string, to: string) => string;
}) {
  const ranges: [label: string, from: string, to: string][] = [
    ["Hoy", today, today],
    ["Últimos 7 días", addDays(today, -6), today],
    ["Últimos 30 días", addDays(today, -29), today],
  ];
  return (
    <nav aria-label="Periodos rápidos">
      <ul className="flex flex-wrap gap-2">
        {ranges.map(([label, a, b]) => {
          const current = a === from && b === to;
          return (
            <li key={label}>
              <Link
                to={href(a, b)}
                aria-current={current ? "true" : undefined}
                className={buttonVariants({ variant: current ? "default" : "outline", size: "sm" })}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
