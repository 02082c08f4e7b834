import { actorOf } from "~/.server/audit/audit";
import { readSessionToken } from "~/.server/http/cookies";
import { requireStaff } from "~/.server/http/guards";
import { dispatchIntent, readForm, staffIntentsWith } from "~/.server/http/intents";
import { changeOwnPassword } from "~/.server/staff/staff-admin";
import { ACCOUNT_INTENT, ownPasswordSchema } from "~/lib/staff-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/account";

const intent = staffIntentsWith<ToastMessage>();

/** The signed-in person's own account (docs/product.md §3.7): 'Cambiar contraseña'. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(request, context);
  const form = await readForm(request);
  const { db, bus, logger } = context.services;
  const token = (await readSessionToken(request.headers.get("Cookie"))) ?? undefined;
  const deps = { db, bus, actor: actorOf(user, context.clientIp) };
  return dispatchIntent(
    form,
    {
      [ACCOUNT_INTENT.ownPassword]: intent({
        permission: "account:own",
        schema: ownPasswordSchema,
        hideFields: ["currentPassword", "newPassword", "confirmPassword"],
        run: (v) => changeOwnPassword(deps, user.id, v, token),
        done: () => ({ title: "Contraseña actualizada", description: "Tus otras sesiones se cerraron." }),
        failed: (e) =>
          errorToast(
            e?.reason === "current-password"
              ? "La contraseña actual no es correcta."
              : "No se pudo cambiar la contraseña: la base de datos no respondió.",
          ),
        fieldError: (e) =>
          e.reason === "current-password"
            ? { currentPassword: ["La contraseña actual no es correcta."] }
            : undefined,
      }),
    },
    {
      logger,
      unknownIntent: errorToast("Acción desconocida."),
      user,
      forbidden: errorToast("No tienes permiso para esta acción."),
    },
  );
}
