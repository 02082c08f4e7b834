import type { StaffUser } from "~/.server/auth/sessions";
import { saveAppearance } from "~/.server/content/appearance";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { APPEARANCE_INTENT, appearanceRefusal, appearanceSchema } from "~/lib/appearance-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";
import { isUploadRefusal, uploadRefusalMessage } from "~/lib/uploads";

const intent = staffIntentsWith<ToastMessage>();

/**
 * 'No se pudo guardar la apariencia: {message}', or the logo's own upload message (docs/product.md
 * §6), shown by the logo field too. Any other refusal of the database names no field: it says so
 * rather than pointing at marks that are not there.
 */
function appearanceFailure(error: DomainError | null): ToastMessage {
  if (error && isUploadRefusal(error.reason)) return errorToast(uploadRefusalMessage(error.reason, "logo"));
  return errorToast(
    `No se pudo guardar la apariencia: ${
      error?.kind === "invalid"
        ? "la base de datos no aceptó uno de los valores. Recarga la página y vuelve a intentarlo."
        : "la base de datos no respondió."
    }`,
  );
}

/** The 'Apariencia' tab's intent (docs/product.md §3.2). */
export function appearanceIntents(deps: FileDeps, user: StaffUser): StaffIntentTable<ToastMessage> {
  return {
    [APPEARANCE_INTENT.save]: intent({
      permission: "content:manage",
      schema: appearanceSchema,
      run: (input) => saveAppearance(deps, input, user.id),
      done: () => ({ title: "Éxito", description: "Apariencia actualizada." }),
      failed: appearanceFailure,
      invalid: (errors) => errorToast(appearanceRefusal(errors)),
      fieldError: (e) =>
        isUploadRefusal(e.reason) ? { logo: [uploadRefusalMessage(e.reason, "logo")] } : undefined,
    }),
  };
}
