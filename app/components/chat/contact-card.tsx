import { type FieldMetadata, getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { StatusButton } from "~/components/ui/status-button";
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
  const { form, fields, busy, problem, saved } = useContactForm({ clientId, secret, onAnswer });
  if (saved) return <ContactThanks onClose={() => onDone("given")} />;
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
      <ContactFields name={fields.name} country={fields.country} phone={fields.phone} email={fields.email} />
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <StatusButton
          pending={busy}
          className="min-h-10 bg-chat-strong font-semibold text-white hover:bg-chat-strong/90"
        >
          Guardar
        </StatusButton>
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

/** The form's state: Conform's fields, and the post of a valid answer to the widget's API. */
function useContactForm({ clientId, secret, onAnswer }: Pick<Props, "clientId" | "secret" | "onAnswer">) {
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
      const answer = { clientId, name: value("name"), country: value("country"), phone: value("phone") };
      postContact({ ...answer, email: value("email") }, secret)
        .then((stored) => {
          // Remembered now, not when the thank-you card is closed: a reload never asks again.
          onAnswer("given", stored.key);
          setSaved(true);
        })
        .catch((e) =>
          setProblem(e instanceof ApiError && e.status ? e.message : "No se pudieron guardar tus datos."),
        )
        .finally(() => setBusy(false));
    },
  });
  return { form, fields, busy, problem, saved };
}

type Meta = FieldMetadata<string>;

/** Name, WhatsApp (country code beside the number) and e-mail, each with its label and error. */
function ContactFields({
  name,
  country,
  phone,
  email,
}: {
  name: Meta;
  country: Meta;
  phone: Meta;
  email: Meta;
}) {
  const label = "text-xs font-medium";
  return (
    <>
      <Field field={name} label="Nombre" labelClassName={label} className="gap-1">
        <Input {...getInputProps(name, { type: "text" })} autoComplete="name" maxLength={80} />
      </Field>
      <Field field={phone} label="WhatsApp" labelClassName={label} className="gap-1">
        <div className="flex gap-2">
          <NativeSelect
            {...getSelectProps(country)}
            aria-label="País del número"
            className="w-[6.5rem] shrink-0 px-2"
          >
            {PHONE_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.dial}
              </option>
            ))}
          </NativeSelect>
          <Input {...getInputProps(phone, { type: "tel" })} autoComplete="tel-national" />
        </div>
      </Field>
      <Field field={email} label="o correo electrónico" labelClassName={label} className="gap-1">
        <Input {...getInputProps(email, { type: "email" })} autoComplete="email" />
      </Field>
    </>
  );
}

function ContactThanks({ onClose }: { onClose: () => void }) {
  return (
    <div role="status" className="self-stretch rounded-xl border bg-card p-3 text-sm">
      <p>¡Gracias! Te escribiremos si te vas.</p>
      <button
        type="button"
        onClick={onClose}
        className="mt-2 min-h-9 font-semibold text-chat-strong underline underline-offset-2"
      >
        Cerrar
      </button>
    </div>
  );
}
