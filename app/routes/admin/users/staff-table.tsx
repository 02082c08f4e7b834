import { Activity, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { StaffPage } from "~/components/staff/staff-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { type Column, ResponsiveList } from "~/components/ui/responsive-list";
import { formatDateTime, formatRelative } from "~/lib/dates";
import { useReplyMessage } from "~/lib/forms";
import { roleLabel } from "~/lib/permissions";
import type { loader as rootLoader } from "~/root";
import { AddStaffDialog } from "./add-staff-dialog";
import { PasswordShownDialog, type ShownPassword } from "./one-time-password";
import { StaffActions } from "./staff-actions";
import type { StaffRow, UsersActionData, UsersData } from "./types";

/**
 * 'Vista de Operadores' (docs/product.md §3.7): the spec's table, and for admins the management
 * of each account (add, role, deactivate, password, sessions) and the link to 'Actividad'.
 */
export function StaffTable({ users, now, me, canManage, mailSending }: UsersData) {
  const tz = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const fetcher = useFetcher<UsersActionData>();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  useReplyMessage(fetcher.data);

  const role = (u: StaffRow) => (
    <Badge variant={u.role === "admin" ? "default" : "secondary"}>{roleLabel(u.role)}</Badge>
  );
  const state = (u: StaffRow) =>
    u.deactivatedAt ? (
      <Badge variant="destructive">Desactivado</Badge>
    ) : u.lastSignInAt ? (
      "Activo"
    ) : (
      "Inactivo"
    );
  const lastSeen = (u: StaffRow) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt, tz) : "Nunca");
  const age = (u: StaffRow) => (u.createdAt ? formatRelative(u.createdAt, new Date(now)) : "N/A");
  const name = (u: StaffRow) => (
    <>
      {u.name}
      {u.id === me ? <span className="ml-1 text-xs font-normal text-muted-foreground">(tú)</span> : null}
    </>
  );
  const actions = (u: StaffRow) => (
    <StaffActions
      user={u}
      isMe={u.id === me}
      fetcher={fetcher}
      onPasswordShown={setShown}
      mailSending={mailSending}
    />
  );
  const columns: Column<StaffRow>[] = [
    { header: "Nombre", cell: name, className: "font-medium" },
    { header: "Email", cell: (u) => u.email },
    { header: "Rol", cell: role },
    { header: "Estado", cell: state },
    { header: "Última Conexión", cell: lastSeen },
    { header: "Tiempo Activo", cell: age },
    ...(canManage ? [{ header: "Acciones", cell: actions, end: true }] : []),
  ];

  return (
    <StaffPage
      title="Vista de Operadores"
      description="Personal con acceso al panel."
      actions={
        canManage ? (
          <>
            <Button asChild variant="outline">
              <Link to="/admin/users/activity">
                <Activity aria-hidden="true" />
                Actividad
              </Link>
            </Button>
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" />
              Agregar usuario
            </Button>
          </>
        ) : null
      }
    >
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
                  <p className="break-words font-semibold">{name(u)}</p>
                  <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  {role(u)}
                  {canManage ? actions(u) : null}
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&_dd]:break-words">
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
      {canManage ? (
        <AddStaffDialog
          open={adding}
          onOpenChange={setAdding}
          onPassword={setShown}
          mailSending={mailSending}
        />
      ) : null}
      <PasswordShownDialog shown={shown} onClose={() => setShown(null)} />
    </StaffPage>
  );
}
