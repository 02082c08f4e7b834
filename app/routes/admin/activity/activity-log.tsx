import { ChevronLeft, ChevronRight, Filter } from "lucide-react";
import { Form, Link, useRouteLoaderData } from "react-router";
import { ChangeList } from "~/components/staff/change-list";
import { QuickRanges } from "~/components/staff/quick-ranges";
import { StaffPage } from "~/components/staff/staff-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { type Column, ResponsiveList } from "~/components/ui/responsive-list";
import { AUDIT_KINDS } from "~/lib/audit";
import { formatDateTime } from "~/lib/dates";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/route";

type ActivityData = Route.ComponentProps["loaderData"];
type Row = ActivityData["rows"][number];

/** What changed: the image screens' own words, then each field before → after. */
function Changes({ row }: { row: Row }) {
  return (
    <div className="grid gap-1">
      {row.summary ? <p className="text-xs font-medium text-foreground">{row.summary}</p> : null}
      <ChangeList lines={row.lines} />
    </div>
  );
}

/** 'Actividad' (docs/product.md §3.7): who changed what and when, newest first. */
export function ActivityLog({ rows, total, page, pages, filters, people, keptDays, today }: ActivityData) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  // Who acted, what and about what come described from the loader (app/lib/audit-entries.ts).
  const who = (r: Row) => r.who;
  const columns: Column<Row>[] = [
    { header: "Fecha", cell: (r) => formatDateTime(r.at, tz), className: "whitespace-nowrap" },
    { header: "Persona", cell: who },
    { header: "Acción", cell: (r) => r.label },
    { header: "Sobre qué", cell: (r) => r.target ?? "—", className: "max-w-48 break-words" },
    { header: "Cambios", cell: (r) => <Changes row={r} />, className: "min-w-56" },
  ];
  const pageLink = (p: number) => {
    const sp = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
    if (p > 1) sp.set("pagina", String(p));
    const qs = sp.toString();
    return qs ? `?${qs}` : ".";
  };
  // A quick period keeps the person and the kind chosen, and starts again at the first page.
  const rangeLink = (desde: string, hasta: string) => {
    const sp = new URLSearchParams(Object.entries({ ...filters, desde, hasta }).filter(([, v]) => v));
    return `?${sp.toString()}`;
  };
  return (
    <StaffPage
      title="Actividad"
      description={`Cada cambio del personal: quién, cuándo y qué. Se guarda ${keptDays} días.`}
    >
      <Form
        method="get"
        className="mb-6 grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <div className="grid gap-2">
          <Label htmlFor="f-persona">Persona</Label>
          <NativeSelect id="f-persona" name="persona" defaultValue={filters.persona}>
            <option value="">Todas</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="f-tipo">Tipo</Label>
          <NativeSelect id="f-tipo" name="tipo" defaultValue={filters.tipo}>
            <option value="">Todos</option>
            {Object.entries(AUDIT_KINDS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="f-desde">Desde</Label>
          <Input id="f-desde" name="desde" type="date" lang="es" defaultValue={filters.desde} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="f-hasta">Hasta</Label>
          <Input id="f-hasta" name="hasta" type="date" lang="es" defaultValue={filters.hasta} />
        </div>
        <Button type="submit">
          <Filter aria-hidden="true" />
          Filtrar
        </Button>
        {today ? (
          <div className="sm:col-span-2 lg:col-span-5">
            <QuickRanges today={today} from={filters.desde} to={filters.hasta} href={rangeLink} />
          </div>
        ) : null}
      </Form>

      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? "1 cambio" : `${total} cambios`}
      </p>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No hay actividad con estos filtros.</p>
      ) : (
        <ResponsiveList
          rows={rows}
          rowKey={(r) => String(r.id)}
          columns={columns}
          className="rounded-xl border border-border bg-card"
          card={(r) => (
            <>
              <p className="font-semibold">{r.label}</p>
              <p className="text-sm text-muted-foreground">
                {formatDateTime(r.at, tz)} · {who(r)}
              </p>
              {r.target ? <p className="mt-1 text-sm break-words">{r.target}</p> : null}
              <div className="mt-2">
                <Changes row={r} />
              </div>
            </>
          )}
        />
      )}
      {pages > 1 ? (
        <nav aria-label="Páginas de actividad" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={buttonVariants({ variant: "outline" })}>
              <ChevronLeft aria-hidden="true" />
              Anterior
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted-foreground">
            Página {page} de {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={buttonVariants({ variant: "outline" })}>
              Siguiente
              <ChevronRight aria-hidden="true" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </StaffPage>
  );
}
