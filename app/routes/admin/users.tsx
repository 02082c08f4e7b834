import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { StaffPage } from "~/components/admin/staff-page";
import { Badge } from "~/components/ui/badge";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import { ADMIN_ONLY, requireRole } from "~/server/auth/guards";
import { listStaff } from "~/server/staff/staff";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Vista de Operadores") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, ADMIN_ONLY);
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

/** SPEC §2.17: read-only staff list. */
export default function UsersRoute() {
  const { users, now } = useLoaderData<typeof loader>();
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  return (
    <StaffPage title="Vista de Operadores" description="Personal con acceso al panel.">
      {users.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No hay usuarios para mostrar.</p>
      ) : (
        <>
          {/* Phones: one card per person; wider screens: the spec's table. */}
          <ul className="grid gap-3 md:hidden">
            {users.map((u) => (
              <li key={u.id} className="rounded-xl border border-border bg-card p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{u.name}</p>
                    <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                  </div>
                  <Badge variant={u.role === "admin" ? "default" : "secondary"}>{u.role}</Badge>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Estado</dt>
                  <dd>{u.lastSignInAt ? "Activo" : "Inactivo"}</dd>
                  <dt className="text-muted-foreground">Última Conexión</dt>
                  <dd>{u.lastSignInAt ? formatDateTime(u.lastSignInAt, tz) : "Nunca"}</dd>
                  <dt className="text-muted-foreground">Tiempo Activo</dt>
                  <dd>{u.createdAt ? formatRelative(u.createdAt, new Date(now)) : "N/A"}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted/60 text-muted-foreground">
                <tr>
                  {["Nombre", "Email", "Rol", "Estado", "Última Conexión", "Tiempo Activo"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} className="border-t border-border">
                    <td className="px-4 py-3 font-medium">{u.name}</td>
                    <td className="px-4 py-3">{u.email}</td>
                    <td className="px-4 py-3">
                      <Badge variant={u.role === "admin" ? "default" : "secondary"}>{u.role}</Badge>
                    </td>
                    <td className="px-4 py-3">{u.lastSignInAt ? "Activo" : "Inactivo"}</td>
                    <td className="px-4 py-3">
                      {u.lastSignInAt ? formatDateTime(u.lastSignInAt, tz) : "Nunca"}
                    </td>
                    <td className="px-4 py-3">
                      {u.createdAt ? formatRelative(u.createdAt, new Date(now)) : "N/A"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </StaffPage>
  );
}
