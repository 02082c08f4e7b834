import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";

export type StaffPageProps = {
  title: string;
  description?: React.ReactNode;
  /** Optional controls shown at the right of the title (e.g. a 'Nuevo' button). */
  actions?: React.ReactNode;
  children?: React.ReactNode;
};

/** Frame for staff pages under /admin: back link, title and content. */
export function StaffPage({ title, description, actions, children }: StaffPageProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to="/admin"
        className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-primary"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver al panel
      </Link>
      <div className="mt-2 mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
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
