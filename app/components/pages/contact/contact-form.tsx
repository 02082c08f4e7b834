import { getFormProps, getInputProps, getTextareaProps, parse, useForm } from "@conform-to/react";
import { Loader2, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { FormReply } from "~/lib/forms";
import { errorToast, notify } from "~/lib/toast";
import {
  CONTACT_EMAIL_INVALID,
  type ContactFields,
  contactMailto,
  EMPTY_CONTACT,
  emailLooksValid,
  missingFields,
} from "./mailto";

const CONTACT_INCOMPLETE = "Por favor, completa tu nombre, email y mensaje.";
const REQUIRED_FIELD = "Este campo es obligatorio.";

/** Time given to the mail app to take over before the form is cleared. */
const HANDOFF_MS = 1200;

/** Opens the visitor's mail app: a link click is what every browser hands to it. */
function openMailto(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const FIELDS: {
  name: keyof ContactFields;
  label: string;
  type?: "text" | "email" | "tel";
  required?: boolean;
  auto?: string;
}[] = [
  { name: "firstName", label: "Nombre", required: true, auto: "given-name" },
  { name: "lastName", label: "Apellido", required: true, auto: "family-name" },
  { name: "email", label: "Email", type: "email", required: true, auto: "email" },
  { name: "phone", label: "Teléfono (opcional)", type: "tel", auto: "tel" },
];

/**
 * The message form (docs/product.md §2.8). No server call: it opens the visitor's mail app
 * with a mailto link to the shop, then clears itself. If the mail app cannot be opened the form
 * keeps its content so the visitor can copy it. Validated with Conform (docs/decisions/0007):
 * the spec's toast names the missing fields, each is marked, and the first one gets the focus.
 */
export function ContactForm({ to }: { to: string }) {
  const [busy, setBusy] = useState(false);
  const inbox = useFetcher<FormReply>();
  const replied = useRef<FormReply | null>(null);
  useEffect(() => {
    // The inbox's answer (useReplyMessage would bring zod into the visitor's page).
    const reply = inbox.data;
    if (!reply?.message || replied.current === reply) return;
    replied.current = reply;
    notify(reply.message);
  }, [inbox.data]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const [form, fields] = useForm<ContactFields>({
    id: "contacto",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parse(formData, {
        resolve(payload) {
          const values = { ...EMPTY_CONTACT, ...(payload as Partial<ContactFields>) };
          const missing = missingFields(values);
          const badEmail = !missing.includes("email") && !emailLooksValid(values.email);
          if (missing.length === 0 && !badEmail) return { value: values };
          const error: Record<string, string[]> = Object.fromEntries(
            missing.map((k) => [k, [REQUIRED_FIELD]]),
          );
          if (badEmail) error.email = [CONTACT_EMAIL_INVALID];
          return { error };
        },
      });
      if (submission.status === "error") {
        const incomplete = Object.values(submission.error ?? {}).some((e) => e?.[0] === REQUIRED_FIELD);
        notify(
          incomplete
            ? errorToast(CONTACT_INCOMPLETE, "Campos incompletos")
            : errorToast(CONTACT_EMAIL_INVALID, "Email inválido"),
        );
      }
      return submission;
    },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (busy || submission?.status !== "success") return;
      const formEl = event.currentTarget;
      setBusy(true);
      notify({ title: "Abriendo cliente de correo", description: "Tu mensaje está listo para enviar." });
      // The same message into the staff inbox, so it arrives even without a mail app.
      void inbox.submit({ intent: "contact", ...submission.value }, { method: "post", action: "/contact" });
      try {
        openMailto(contactMailto(to, submission.value));
      } catch {
        setBusy(false);
        notify(
          errorToast(
            "No se pudo abrir tu cliente de correo. Por favor, copia la información y envíala manualmente.",
          ),
        );
        return;
      }
      timer.current = window.setTimeout(() => {
        formEl.reset();
        form.reset();
        setBusy(false);
      }, HANDOFF_MS);
    },
  });

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-semibold">Envíanos un mensaje</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Se abrirá tu aplicación de correo con el mensaje listo. Los campos con * son obligatorios.
      </p>
      <form {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const field = fields[f.name];
          return (
            <div key={f.name} className="grid gap-2">
              <Label htmlFor={field.id}>
                {f.label}
                {f.required && <span aria-hidden="true"> *</span>}
              </Label>
              <Input
                {...getInputProps(field, { type: f.type ?? "text" })}
                required={f.required}
                autoComplete={f.auto}
              />
              <FieldError id={field.errorId} errors={field.errors} />
            </div>
          );
        })}
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={fields.message.id}>
            Mensaje<span aria-hidden="true"> *</span>
          </Label>
          <Textarea
            {...getTextareaProps(fields.message)}
            required
            rows={5}
            placeholder="¿En qué podemos ayudarte?"
          />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            {busy ? "Abriendo correo..." : "Enviar Mensaje"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
