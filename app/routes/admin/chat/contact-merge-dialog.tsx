import { Combine } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { useReplyMessage } from "~/lib/forms";
import { displayPhone } from "~/lib/phone";
import type { ChatActionData, InboxData } from "./types";

type Contact = NonNullable<InboxData["contact"]>["contact"];

/**
 * 'Combinar' two records of one person: search the other by name, number or e-mail; its
 * conversations and orders join this contact, which keeps its name.
 */
export function ContactMergeDialog({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Combine aria-hidden="true" /> Combinar
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open ? <MergeForm contact={contact} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function MergeForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const search = useFetcher<{ contacts: Contact[] }>();
  const merge = useFetcher<ChatActionData>();
  useReplyMessage(merge.data, onDone);
  const [chosen, setChosen] = useState<string | null>(null);
  const found = search.data?.contacts ?? [];
  const find = (q: string) =>
    search.load(`${CHAT_URLS.contactSearch}?${new URLSearchParams({ q, sin: contact.id })}`);
  return (
    <merge.Form method="post" action={CHAT_URLS.inbox} className="space-y-4">
      <input type="hidden" name="intent" value={INBOX_INTENTS.contactMerge} />
      <input type="hidden" name="keepId" value={contact.id} />
      <DialogHeader>
        <DialogTitle>Combinar contactos</DialogTitle>
        <DialogDescription>
          Las conversaciones y los pedidos del contacto que elijas pasan a {contact.name}.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-1.5">
        <Label htmlFor="merge-search">Buscar por nombre, número o correo</Label>
        <Input id="merge-search" type="search" autoComplete="off" onChange={(e) => find(e.target.value)} />
      </div>
      <fieldset className="space-y-1">
        <legend className="sr-only">Contacto a combinar</legend>
        {found.length === 0 ? (
          <p className="text-sm text-muted-foreground">Escribe al menos dos letras o tres números.</p>
        ) : (
          found.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-start gap-2 rounded-lg border p-2 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="goneId"
                value={c.id}
                checked={chosen === c.id}
                onChange={() => setChosen(c.id)}
                className="mt-1"
              />
              <span className="min-w-0">
                <span className="block font-medium">{c.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {[c.phone && displayPhone(c.phone), c.email].filter(Boolean).join(" · ")}
                </span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <StatusButton pending={merge.state !== "idle"} pendingLabel="Combinando..." disabled={!chosen}>
          Combinar
        </StatusButton>
      </DialogFooter>
    </merge.Form>
  );
}
