import { parseArgs } from "node:util";
import { and, desc, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import { STAFF_ROLES, type StaffRole } from "../../lib/permissions";
import { addStaffSchema } from "../../lib/staff-forms";
import type { Actor } from "../audit/audit";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { DomainError } from "../errors";
import type { EventBus } from "../events/bus";
import { findStaffByEmail, listStaff } from "./staff";
import {
  addStaffMember,
  changeStaffRole,
  endStaffSessions,
  resetStaffMemberPassword,
  setStaffActive,
} from "./staff-admin";

/**
 * `npm run staff`: the operations of /admin/users from the command line (docs/product.md §3.8),
 * through the same domain functions, so the same rules and the audit log apply.
 */

export const USAGE = `Uso: npm run staff -- <comando> [opciones]

Comandos:
  list                                   lista el personal
  add <correo> <nombre> <admin|operador> [--password <clave>]
                                         agrega a alguien (sin --password se genera una y se muestra una vez)
  role <correo> <admin|operador>         cambia el rol
  deactivate <correo>                    desactiva la cuenta: no puede entrar y sus sesiones se cierran
  reactivate <correo>                    vuelve a activar la cuenta
  reset-password <correo> [--password <clave>]
                                         pone una contraseña nueva (o genera una) y cierra sus sesiones
  sessions <correo> [--end]              muestra sus sesiones abiertas; con --end las cierra

Opciones:
  -h, --help                             esta ayuda`;

export type CliIo = { db: Db; bus: EventBus; out: (line: string) => void; err: (line: string) => void };

const CLI_ACTOR: Actor = { id: null, name: "Línea de comandos" };

const REFUSALS: Record<string, string> = {
  "last-admin": "Debe quedar al menos un administrador activo.",
  "staff-email": "Ya existe un usuario con ese correo.",
  staff: "No existe ese usuario.",
};

/** Runs one command; answers the exit code (0 done, 1 refused, 2 wrong usage). */
export async function runStaffCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (values.help || !command) {
    (command || values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  const deps = { db: io.db, bus: io.bus, actor: CLI_ACTOR };
  const need = (n: number) => {
    if (args.length < n || args.length > n + (command === "add" || command === "reset-password" ? 1 : 0))
      throw new UsageError();
  };
  const user = async (email: string | undefined) => {
    const found = email ? await findStaffByEmail(io.db, email) : null;
    if (!found) throw new DomainError("not_found", "staff");
    return found;
  };
  const role = (r: string | undefined): StaffRole => {
    if (!STAFF_ROLES.includes(r as StaffRole)) throw new UsageError("El rol debe ser admin u operador.");
    return r as StaffRole;
  };
  try {
    switch (command) {
      case "list": {
        need(0);
        const rows = await listStaff(io.db);
        if (rows.length === 0) io.out("No hay usuarios.");
        for (const u of rows) {
          const last = u.lastSignInAt ? u.lastSignInAt.toISOString() : "nunca";
          const state = u.deactivatedAt ? "desactivado" : "activo";
          io.out(`${u.email}\t${u.role}\t${state}\t${u.name}\túltima conexión: ${last}`);
        }
        return 0;
      }
      case "add": {
        need(3);
        const [email, name, r, positional] = args;
        const input = check(addStaffSchema, {
          email,
          name,
          role: role(r),
          password: values.password ?? positional,
        });
        const made = await addStaffMember(deps, input);
        io.out(`Usuario creado: ${made.email} (${input.role})`);
        if (made.generated) io.out(`Contraseña generada (se muestra solo esta vez): ${made.password}`);
        return 0;
      }
      case "role": {
        need(2);
        const next = role(args[1]);
        const target = await user(args[0]);
        await changeStaffRole(deps, target.id, next);
        io.out(`Rol de ${target.email}: ${args[1]}`);
        return 0;
      }
      case "deactivate":
      case "reactivate": {
        need(1);
        const target = await user(args[0]);
        await setStaffActive(deps, target.id, command === "reactivate");
        io.out(
          command === "reactivate"
            ? `${target.email} puede volver a iniciar sesión.`
            : `${target.email} desactivado; sus sesiones se cerraron.`,
        );
        return 0;
      }
      case "reset-password": {
        need(1);
        const target = await user(args[0]);
        const given = values.password ?? args[1];
        const { password } = check(addStaffSchema.pick({ password: true }), { password: given });
        const r = await resetStaffMemberPassword(deps, target.id, password);
        io.out(`Contraseña actualizada para ${target.email}; sus sesiones se cerraron.`);
        if (r.generated) io.out(`Contraseña nueva (se muestra solo esta vez): ${r.password}`);
        return 0;
      }
      case "sessions": {
        need(1);
        const target = await user(args[0]);
        if (values.end) {
          const n = await endStaffSessions(deps, target.id);
          io.out(`Sesiones cerradas de ${target.email}: ${n}`);
          return 0;
        }
        const rows = await io.db
          .select({
            createdAt: sessions.createdAt,
            renewedAt: sessions.renewedAt,
            ip: sessions.ip,
            ua: sessions.userAgent,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, target.id), gt(sessions.expiresAt, new Date())))
          .orderBy(desc(sessions.renewedAt));
        if (rows.length === 0) io.out(`${target.email} no tiene sesiones abiertas.`);
        for (const s of rows) {
          io.out(
            `desde ${s.createdAt.toISOString()}\túltimo uso ${s.renewedAt.toISOString()}\t${s.ip ?? "?"}\t${s.ua ?? ""}`,
          );
        }
        return 0;
      }
      default:
        io.err(`Comando desconocido: ${command}\n\n${USAGE}`);
        return 2;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof DomainError) {
      io.err(REFUSALS[e.reason] ?? `No se pudo: ${e.reason}`);
      return 1;
    }
    if (e instanceof InputError) {
      io.err(e.message);
      return 1;
    }
    throw e;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      password: { type: "string" },
      end: { type: "boolean" },
    },
  });
}

class UsageError extends Error {
  constructor(message = "Faltan o sobran argumentos.") {
    super(message);
  }
}
class InputError extends Error {}

function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new InputError(r.error.issues.map((i) => i.message).join("\n"));
  return r.data;
}
