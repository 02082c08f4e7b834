import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { contactEditSchema } from "~/lib/chat-forms";
import { useReplyMessage, useZodForm } from "~/lib/forms";
import { displayPhone, PHONE_COUNTRIES, phoneCountryOf } from "~/lib/phone";
import type { ChatActionData, InboxData } from "./types";

type Contact = NonNullable<InboxData["contact"]>["contact"];

/** 'Editar' a contact: name, WhatsApp number (with its country) and e-mail; a failed save keeps what was typed. */
export function ContactEditDialog({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" /> Editar
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open ? <EditForm contact={contact} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function EditForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const fetcher = useFetcher<ChatActionData>();
  useReplyMessage(fetcher.data, onDone);
  const [form, fields] = useZodForm(contactEditSchema, {
    id: `contact-edit-${contact.id}`,
    lastResult: fetcher.data?.intent === INBOX_INTENTS.contactEdit ? fetcher.data.result : undefined,
    defaultValue: {
      contactId: contact.id,
      name: contact.name,
      country: phoneCountryOf(contact.phone),
      phone: contact.phone ? displayPhone(contact.phone) : "",
      email: contact.email ?? "",
    },
  });
  return (
    <fetcher.Form method="post" action={CHAT_URLS.inbox} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={INBOX_INTENTS.contactEdit} />
      <input type="hidden" name="contactId" value={contact.id} />
      <DialogHeader>
        <DialogTitle>Editar contacto</DialogTitle>
      </DialogHeader>
      <div className="space-y-1.5">
        <Label htmlFor={fields.name.id}>Nombre</Label>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={80} autoComplete="off" />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={fields.phone.id}>WhatsApp</Label>
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
        <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={fields.email.id}>Correo electrónico</Label>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Guardando..." : "Guardar"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
