import type { StaffUser } from "~/.server/auth/sessions";
import { type RestoreResult, restoreContentChange } from "~/.server/content/restore";
import { saveSiteText } from "~/.server/content/site-admin";
import type { FileDeps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { restoreTextSchema, siteTextOf, siteTextSchema, TEXTS_INTENT } from "~/lib/content-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

/**
 * 'No se pudo guardar el texto: {reason}' (docs/product.md §6). The form's own refusals come as
 * `invalid`, by their fields; a value the database refuses names no field, so nothing is said to
 * be marked.
 */
const textFailure = (error: DomainError | null): ToastMessage =>
  errorToast(
    `No se pudo guardar el texto: ${
      error?.kind === "not_found"
        ? "esa versión ya no existe."
        : error?.kind === "invalid"
          ? "la base de datos no aceptó uno de los valores. Recarga la página y vuelve a intentarlo."
          : "la base de datos no respondió."
    }`,
  );

const saved: ToastMessage = { title: "Éxito", description: "Contenido de texto actualizado correctamente." };

/** What 'Restaurar' says for each kind of version. */
function restored(r: RestoreResult): ToastMessage {
  if (r.kind === "text")
    return { title: "Restaurado", description: "Se restauró esa versión de los textos." };
  if (r.kind === "banner") return { title: "Restaurado", description: "Se restauró ese banner." };
  return {
    title: "Restaurado",
    description: r.logoKept
      ? "Se restauraron los colores, la fuente y el tamaño y la posición del logo; el logo de esa versión ya no se guarda, así que queda el actual."
      : "Se restauró esa versión de la apariencia.",
  };
}

/** 'No se pudo restaurar': the spec's banner wording for a banner, the text's for the rest. */
function restoreFailure(error: DomainError | null): ToastMessage {
  if (error?.reason === "banner-history") {
    return errorToast("No se pudo restaurar el banner: esa imagen ya no se guarda (solo las últimas 5).");
  }
  return errorToast(
    error?.kind === "not_found"
      ? "No se pudo restaurar: esa versión ya no existe."
      : "No se pudo restaurar: la base de datos no respondió.",
  );
}

/** The 'Textos' tab's intents: save every text, or restore a previous version (docs/product.md §3.2). */
export function textIntents(deps: FileDeps, user: StaffUser): StaffIntentTable<ToastMessage> {
  const restore = intent({
    permission: "content:manage",
    schema: restoreTextSchema,
    run: ({ changeId }) => restoreContentChange(deps, changeId, user.id),
    done: restored,
    failed: restoreFailure,
    invalid: () => errorToast("No se pudo restaurar: esa versión ya no existe."),
  });
  return {
    [TEXTS_INTENT.save]: intent({
      permission: "content:manage",
      schema: siteTextSchema,
      run: (value) => saveSiteText(deps, siteTextOf(value), user.id),
      done: () => saved,
      failed: textFailure,
      invalid: () => errorToast("No se pudo guardar el texto: revisa los campos marcados."),
    }),
    // 'Restaurar' of the history: texts, appearance or banner ('text-restore' is its older name).
    [TEXTS_INTENT.restore]: restore,
    [TEXTS_INTENT.restoreOld]: restore,
  };
}
