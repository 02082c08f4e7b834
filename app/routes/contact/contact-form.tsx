import { getFormProps, getInputProps, getTextareaProps, parse, useForm } from "@conform-to/react";
import { CheckCircle2, Loader2, Mail, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  CONTACT_EMAIL_INVALID,
  type ContactFields,
  contactMailto,
  EMPTY_CONTACT,
  emailLooksValid,
  missingFields,
} from "~/lib/contact-fields";
import type { FormReply } from "~/lib/forms";
import { errorToast, notify } from "~/lib/toast";

export const CONTACT_INCOMPLETE = "Por favor, completa tu nombre, email y mensaje.";
export const REQUIRED_FIELD = "Este campo es obligatorio.";

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
  /** The action's limit (app/lib/contact-forms.ts). */
  max: number;
}[] = [
  { name: "firstName", label: "Nombre", required: true, auto: "given-name", max: 100 },
  { name: "lastName", label: "Apellido", required: true, auto: "family-name", max: 100 },
  { name: "email", label: "Email", type: "email", required: true, auto: "email", max: 200 },
  { name: "phone", label: "Teléfono (opcional)", type: "tel", auto: "tel", max: 50 },
];

/**
 * The message form (docs/product.md §2.8). An HTML form first: before the page's scripts run, or
 * without them, it posts to the page's action, which puts the message in the staff inbox and
 * answers with `reply` (shown here: what happened, and the same message as a mail-app link).
 * Once scripts run it does what the spec says: it opens the visitor's mail app with a mailto
 * link to the shop, sends the same message to the inbox in the background, then clears itself.
 * If the mail app cannot be opened the form keeps its content so the visitor can copy it.
 * Validated with Conform (docs/decisions/0007) by the same rules and messages as the action's
 * schema (app/lib/contact-forms.ts): the spec's toast names the missing fields, each is
 * marked, and the first one gets the focus.
 */
export function ContactForm({ to, reply }: { to: string; reply?: FormReply }) {
  const [busy, setBusy] = useState(false);
  const inbox = useFetcher<FormReply>();
  const replied = useRef<FormReply | null>(null);
  useEffect(() => {
    // The inbox's answer (useReplyMessage would bring zod into the visitor's page).
    const answer = inbox.data;
    if (!answer?.message || replied.current === answer) return;
    replied.current = answer;
    notify(answer.message);
  }, [inbox.data]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const [form, fields] = useForm<ContactFields>({
    id: "contacto",
    // The action's answer to a post made without scripts: its field errors, and what was typed.
    lastResult: reply?.result,
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

  if (reply?.ok) return <ContactSent to={to} reply={reply} />;
  const refused = reply && !reply.ok ? reply.message : null;
  return (
    <Card id="mensaje" className="scroll-mt-24 p-6 sm:p-8">
      <h2 className="text-xl font-semibold">Envíanos un mensaje</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Tu mensaje llega a nuestro equipo y te lo dejamos listo en tu aplicación de correo. Los campos con *
        son obligatorios.
      </p>
      {refused ? (
        <div
          role="alert"
          className="mt-4 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <p className="font-semibold">{refused.title}</p>
          {refused.description ? <p className="mt-1">{refused.description}</p> : null}
          <MailAppLink to={to} reply={reply} className="mt-3" />
        </div>
      ) : null}
      {/* The fragment brings a visitor without scripts back to this card, to the answer. */}
      <form
        {...getFormProps(form)}
        method="post"
        action="/contact#mensaje"
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="contact" />
        {FIELDS.map((f) => {
          const field = fields[f.name];
          return (
            <Field
              key={f.name}
              field={field}
              label={
                <>
                  {f.label}
                  {f.required && <span aria-hidden="true"> *</span>}
                </>
              }
            >
              <Input
                {...getInputProps(field, { type: f.type ?? "text" })}
                required={f.required}
                maxLength={f.max}
                autoComplete={f.auto}
              />
            </Field>
          );
        })}
        <Field
          field={fields.message}
          label={
            <>
              Mensaje<span aria-hidden="true"> *</span>
            </>
          }
          className="sm:col-span-2"
        >
          <Textarea
            {...getTextareaProps(fields.message)}
            required
            maxLength={4000}
            rows={5}
            placeholder="¿En qué podemos ayudarte?"
          />
        </Field>
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

/** The values of a reply (what the visitor sent), when it carries them. */
function sentValues(reply: FormReply | undefined): ContactFields | null {
  const v = reply?.result.initialValue as Partial<Record<keyof ContactFields, unknown>> | undefined;
  if (!v) return null;
  const text = (k: keyof ContactFields) => (typeof v[k] === "string" ? (v[k] as string) : "");
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    message: text("message"),
  };
}

/** The same message as a mail-app link (the spec's way), for a reply that carries it. */
function MailAppLink({ to, reply, className }: { to: string; reply?: FormReply; className?: string }) {
  const sent = sentValues(reply);
  if (!sent || missingFields(sent).length > 0) return null;
  return (
    <a href={contactMailto(to, sent)} className={buttonVariants({ variant: "outline", className })}>
      <Mail aria-hidden="true" />
      Enviar también por correo
    </a>
  );
}

/** The answer to a message posted without scripts: it arrived, and the mail-app link. */
function ContactSent({ to, reply }: { to: string; reply: FormReply }) {
  const sent = sentValues(reply);
  return (
    <Card id="mensaje" className="scroll-mt-24 p-6 sm:p-8">
      <div role="status" className="flex gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div>
          <h2 className="text-xl font-semibold">{reply.message?.title ?? "Mensaje recibido"}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Tu mensaje llegó a nuestro equipo.
            {sent?.email ? ` Te responderemos a ${sent.email}.` : ""}
          </p>
        </div>
      </div>
      <p className="mt-6 text-sm">¿Prefieres enviarlo también desde tu correo? Lo tienes listo aquí:</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <MailAppLink to={to} reply={reply} />
        <a href="/contact" className={buttonVariants({ variant: "ghost" })}>
          Escribir otro mensaje
        </a>
      </div>
    </Card>
  );
}
