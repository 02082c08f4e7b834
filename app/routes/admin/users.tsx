import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { listStaff } from "~/.server/staff/staff";
import { StaffPage } from "~/components/admin/staff-page";
import { Badge } from "~/components/ui/badge";
import { type Column, ResponsiveList } from "~/components/ui/responsive-list";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Vista de Operadores") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "users:view");
  try {
    const users = await listStaff(context.services.db);
    return { users, now: Date.now() };
  } catch (err) {
    context.services.logger.error({ err }, "staff list failed");
    throw data(
      { message: "No se pudo cargar la lista de usuarios: la base de datos no respondió." },
      { status: 503 },
    );
  }
}

type StaffRow = Route.ComponentProps["loaderData"]["users"][number];

/** docs/product.md §3.7: the staff list, read-only. */
export default function UsersRoute() {
  const { users, now } = useLoaderData<typeof loader>();
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const role = (u: StaffRow) => (
    <Badge variant={u.role === "admin" ? "default" : "secondary"}>{u.role}</Badge>
  );
  const state = (u: StaffRow) => (u.lastSignInAt ? "Activo" : "Inactivo");
  const lastSeen = (u: StaffRow) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt, tz) : "Nunca");
  const age = (u: StaffRow) => (u.createdAt ? formatRelative(u.createdAt, new Date(now)) : "N/A");
  const columns: Column<StaffRow>[] = [
    { header: "Nombre", cell: (u) => u.name, className: "font-medium" },
    { header: "Email", cell: (u) => u.email },
    { header: "Rol", cell: role },
    { header: "Estado", cell: state },
    { header: "Última Conexión", cell: lastSeen },
    { header: "Tiempo Activo", cell: age },
  ];
  return (
    <StaffPage title="Vista de Operadores" description="Personal con acceso al panel.">
      {users.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No hay usuarios para mostrar.</p>
      ) : (
        <ResponsiveList
          rows={users}
          rowKey={(u) => u.id}
          columns={columns}
          className="rounded-xl border border-border bg-card"
          card={(u) => (
            <>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">{u.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                </div>
                {role(u)}
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Estado</dt>
                <dd>{state(u)}</dd>
                <dt className="text-muted-foreground">Última Conexión</dt>
                <dd>{lastSeen(u)}</dd>
                <dt className="text-muted-foreground">Tiempo Activo</dt>
                <dd>{age(u)}</dd>
              </dl>
            </>
          )}
        />
      )}
    </StaffPage>
  );
}
