import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { contactSchema } from "~/lib/chat-forms";
import { useZodForm } from "~/lib/forms";
import { PHONE_COUNTRIES } from "~/lib/phone";
import { guessPhoneCountry } from "~/lib/phone-country";
import { ApiError, postContact } from "./visitor-api";

type Props = {
  clientId: string;
  secret: string;
  /** Remember the answer at once (a given one with this browser's contact key). */
  onAnswer: (answer: "given" | "dismissed", key?: string) => void;
  /** The card goes away. */
  onDone: (answer: "given" | "dismissed") => void;
};

/**
 * 'Para avisarte si te vas': after the first message the widget offers to keep a name and a
 * WhatsApp number or an e-mail, inside the conversation so the chat stays usable. Asked once.
 */
export function ContactCard({ clientId, secret, onAnswer, onDone }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [form, fields] = useZodForm(contactSchema, {
    id: `contact-${clientId}`,
    defaultValue: { clientId, country: guessPhoneCountry() },
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      const value = (k: string) => String(formData.get(k) ?? "");
      setBusy(true);
      setProblem(null);
      postContact(
        {
          clientId,
          name: value("name"),
          country: value("country"),
          phone: value("phone"),
          email: value("email"),
        },
        secret,
      )
        .then((saved) => {
          // Remembered now, not when the thank-you card is closed: a reload never asks again.
          onAnswer("given", saved.key);
          setSaved(true);
        })
        .catch((e) =>
          setProblem(e instanceof ApiError && e.status ? e.message : "No se pudieron guardar tus datos."),
        )
        .finally(() => setBusy(false));
    },
  });

  if (saved) {
    return (
      <div role="status" className="self-stretch rounded-xl border bg-card p-3 text-sm">
        <p>¡Gracias! Te escribiremos si te vas.</p>
        <button
          type="button"
          onClick={() => onDone("given")}
          className="mt-2 min-h-9 font-semibold text-chat-strong underline underline-offset-2"
        >
          Cerrar
        </button>
      </div>
    );
  }

  return (
    <form
      {...getFormProps(form)}
      aria-labelledby={`${form.id}-title`}
      className="space-y-2 self-stretch rounded-xl border bg-card p-3 text-sm"
    >
      <p id={`${form.id}-title`} className="font-semibold">
        Para avisarte si te vas
      </p>
      <p className="text-xs text-muted-foreground">Déjanos tu nombre y tu WhatsApp o tu correo (opcional).</p>
      <input type="hidden" name="clientId" value={clientId} />
      <div className="space-y-1">
        <label htmlFor={fields.name.id} className="text-xs font-medium">
          Nombre
        </label>
        <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={80} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.phone.id} className="text-xs font-medium">
          WhatsApp
        </label>
        <div className="flex gap-2">
          <NativeSelect
            {...getSelectProps(fields.country)}
            aria-label="País del número"
            className="w-[6.5rem] shrink-0 px-2"
          >
            {PHONE_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.dial}
              </option>
            ))}
          </NativeSelect>
          <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel-national" />
        </div>
        <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.email.id} className="text-xs font-medium">
          o correo electrónico
        </label>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-10 items-center rounded-lg bg-chat-strong px-4 font-semibold text-white hover:bg-chat-strong/90 disabled:opacity-60"
        >
          {busy ? "Guardando..." : "Guardar"}
        </button>
        <button
          type="button"
          onClick={() => {
            onAnswer("dismissed");
            onDone("dismissed");
          }}
          className="min-h-10 px-2 text-muted-foreground underline underline-offset-2"
        >
          Ahora no
        </button>
      </div>
    </form>
  );
}
