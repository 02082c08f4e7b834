import type { StaffUser } from "~/.server/auth/sessions";
import { type ContentDeps, restoreSiteText, saveSiteText } from "~/.server/content/site-admin";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { restoreTextSchema, siteTextSchema, TEXTS_INTENT } from "~/lib/content-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/** 'No se pudo guardar el texto: {reason}' (docs/product.md §6). */
const textFailure = (error: DomainError | null): ToastMessage =>
  errorToast(
    `No se pudo guardar el texto: ${
      error?.kind === "not_found"
        ? "esa versión ya no existe."
        : error?.kind === "invalid"
          ? "revisa los campos marcados."
          : "la base de datos no respondió."
    }`,
  );

const saved: ToastMessage = { title: "Éxito", description: "Contenido de texto actualizado correctamente." };

/** The 'Textos' tab's intents: save every text, or restore a previous version (docs/product.md §3.2). */
export function textIntents(deps: ContentDeps, user: StaffUser): StaffIntentTable<ToastMessage> {
  return {
    [TEXTS_INTENT.save]: intent({
      permission: "content:manage",
      schema: siteTextSchema,
      run: (text) => saveSiteText(deps, text, user.id),
      done: () => saved,
      failed: textFailure,
      invalid: () => errorToast("No se pudo guardar el texto: revisa los campos marcados."),
    }),
    [TEXTS_INTENT.restore]: intent({
      permission: "content:manage",
      schema: restoreTextSchema,
      run: ({ changeId }) => restoreSiteText(deps, changeId, user.id),
      done: () => ({ title: "Restaurado", description: "Se restauró esa versión de los textos." }),
      failed: textFailure,
      invalid: () => errorToast("No se pudo guardar el texto: esa versión ya no existe."),
    }),
  };
}
