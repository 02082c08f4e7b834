import type { StaffUser } from "~/.server/auth/sessions";
import { restorePriceList, savePriceList } from "~/.server/content/prices";
import type { Deps } from "~/.server/deps";
import type { DomainError } from "~/.server/errors";
import { type StaffIntentTable, staffIntentsWith } from "~/.server/http/intents";
import { PRICES_INTENT, priceListOf, priceListSchema, restorePricesSchema } from "~/lib/price-forms";
import { errorToast, type ToastMessage } from "~/lib/toast";

const intent = staffIntentsWith<ToastMessage>();

const failure = (what: string) => (error: DomainError | null) =>
  errorToast(
    `${what}: ${error?.kind === "not_found" ? "esa versión ya no existe." : "la base de datos no respondió."}`,
  );

/** /admin/precios: save the price list, or bring back a saved version of it (admins). */
export function priceIntents(deps: Deps, user: StaffUser): StaffIntentTable<ToastMessage> {
  return {
    [PRICES_INTENT.save]: intent({
      permission: "content:manage",
      schema: priceListSchema,
      run: (value) => savePriceList(deps, priceListOf(value), user.id),
      done: () => ({
        title: "Precios guardados",
        description: "El sitio muestra los nuevos precios desde ya.",
      }),
      failed: failure("No se pudieron guardar los precios"),
      invalid: () => errorToast("No se pudieron guardar los precios: revisa los campos marcados."),
    }),
    [PRICES_INTENT.restore]: intent({
      permission: "content:manage",
      schema: restorePricesSchema,
      run: ({ changeId }) => restorePriceList(deps, changeId, user.id),
      done: () => ({ title: "Restaurado", description: "Se restauró esa versión de los precios." }),
      failed: failure("No se pudo restaurar"),
      invalid: () => errorToast("No se pudo restaurar: esa versión ya no existe."),
    }),
  };
}
