import { getInputProps, getSelectProps } from "@conform-to/react";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { contactEditSchema } from "~/lib/chat-forms";
import { displayPhone, PHONE_COUNTRIES, phoneCountryOf } from "~/lib/phone";
import type { InboxData } from "./types";

type Contact = NonNullable<InboxData["contact"]>["contact"];

/** 'Editar' a contact: name, WhatsApp number (with its country) and e-mail; a failed save keeps what was typed. */
export function ContactEditDialog({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" /> Editar
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Editar contacto"
        action={CHAT_URLS.inbox}
        intent={INBOX_INTENTS.contactEdit}
        id={`contact-edit-${contact.id}`}
        hidden={{ contactId: contact.id }}
        schema={contactEditSchema}
        defaultValue={{
          name: contact.name,
          country: phoneCountryOf(contact.phone),
          phone: contact.phone ? displayPhone(contact.phone) : "",
          email: contact.email ?? "",
        }}
        submitLabel="Guardar"
      >
        {(fields) => (
          <>
            <Field field={fields.name} label="Nombre">
              <Input {...getInputProps(fields.name, { type: "text" })} maxLength={80} autoComplete="off" />
            </Field>
            <Field field={fields.phone} label="WhatsApp">
              <div className="flex gap-2">
                <NativeSelect
                  {...getSelectProps(fields.country)}
                  aria-label="País del número"
                  className="w-36 shrink-0"
                >
                  {PHONE_COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name} {c.dial}
                    </option>
                  ))}
                </NativeSelect>
                <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="off" />
              </div>
            </Field>
            <Field field={fields.email} label="Correo electrónico">
              <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
            </Field>
          </>
        )}
      </FormDialog>
    </>
  );
}
