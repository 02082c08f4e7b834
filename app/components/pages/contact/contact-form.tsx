import { Loader2, Send } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { notify } from "~/lib/toast";
import { type ContactFields, contactMailto, EMPTY_CONTACT, missingFields } from "./mailto";

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
  type?: string;
  required?: boolean;
  auto?: string;
}[] = [
  { name: "firstName", label: "Nombre", required: true, auto: "given-name" },
  { name: "lastName", label: "Apellido", required: true, auto: "family-name" },
  { name: "email", label: "Email", type: "email", required: true, auto: "email" },
  { name: "phone", label: "Teléfono (opcional)", type: "tel", auto: "tel" },
];

/**
 * The message form (SPEC §2.8, §5, §8.6). No server call: it opens the visitor's mail app with
 * a mailto link to the shop, then clears itself. If the mail app cannot be opened the form
 * keeps its content so the visitor can copy it.
 */
export function ContactForm({ to }: { to: string }) {
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT);
  const [invalid, setInvalid] = useState<(keyof ContactFields)[]>([]);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (name: keyof ContactFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing = missingFields(fields);
    setInvalid(missing);
    if (missing.length) {
      notify({
        title: "Campos incompletos",
        description: "Por favor, completa tu nombre, email y mensaje.",
        variant: "destructive",
      });
      formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    notify({ title: "Abriendo cliente de correo", description: "Tu mensaje está listo para enviar." });
    try {
      openMailto(contactMailto(to, fields));
    } catch {
      setBusy(false);
      notify({
        title: "Error",
        description:
          "No se pudo abrir tu cliente de correo. Por favor, copia la información y envíala manualmente.",
        variant: "destructive",
      });
      return;
    }
    timer.current = window.setTimeout(() => {
      setFields(EMPTY_CONTACT);
      setBusy(false);
    }, HANDOFF_MS);
  };

  const inputProps = (name: keyof ContactFields, required?: boolean) => ({
    id: `contacto-${name}`,
    name,
    value: fields[name],
    onChange: set(name),
    required,
    "aria-invalid": invalid.includes(name) && !fields[name].trim() ? true : undefined,
  });

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-semibold">Envíanos un mensaje</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Se abrirá tu aplicación de correo con el mensaje listo. Los campos con * son obligatorios.
      </p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-6 grid gap-5 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className="grid gap-2">
            <Label htmlFor={`contacto-${f.name}`}>
              {f.label}
              {f.required && <span aria-hidden="true"> *</span>}
            </Label>
            <Input type={f.type} autoComplete={f.auto} {...inputProps(f.name, f.required)} />
          </div>
        ))}
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="contacto-message">
            Mensaje<span aria-hidden="true"> *</span>
          </Label>
          <textarea
            rows={5}
            className={cn(
              "w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs md:text-sm",
              "placeholder:text-muted-foreground focus-visible:border-primary aria-invalid:border-destructive",
            )}
            placeholder="¿En qué podemos ayudarte?"
            {...inputProps("message", true)}
          />
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
