import type * as React from "react";

export type StaffPageProps = {
  title: string;
  description?: React.ReactNode;
  /** Optional controls shown at the right of the title (e.g. a 'Nuevo' button). */
  actions?: React.ReactNode;
  children?: React.ReactNode;
};

/** A staff page's title and content, inside the staff frame (which carries the navigation). */
export function StaffPage({ title, description, actions, children }: StaffPageProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
