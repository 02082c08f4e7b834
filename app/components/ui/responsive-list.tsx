import type * as React from "react";
import { cn } from "./cn";

export type Column<T> = {
  header: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
  /** Right-aligned (e.g. the actions column). */
  end?: boolean;
};

/**
 * The one list of records for staff screens: a card per record on phones (`card`), a table on
 * wider screens (`columns`). Both are in the page; CSS shows the one that fits.
 */
export function ResponsiveList<T>({
  rows,
  rowKey,
  columns,
  card,
  className,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly Column<T>[];
  card: (row: T) => React.ReactNode;
  className?: string;
}) {
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="min-w-0 rounded-xl border border-border bg-card p-4">
            {card(row)}
          </li>
        ))}
      </ul>
      <div className={cn("hidden overflow-x-auto md:block", className)}>
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr className="border-b border-border">
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={cn("px-3 py-2 font-semibold", c.end && "text-right")}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-border last:border-0">
                {columns.map((c) => (
                  <td key={c.header} className={cn("px-3 py-2", c.end && "text-right", c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
