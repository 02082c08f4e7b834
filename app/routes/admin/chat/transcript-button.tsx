import { Mail } from "lucide-react";
import { useFetcher } from "react-router";
import { StatusButton } from "~/components/ui/status-button";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { useReplyMessage } from "~/lib/forms";
import type { ChatActionData } from "./types";

/**
 * 'Enviar conversación por correo': the conversation (without private notes) to the contact's
 * e-mail on file; the server picks the address, the toast names it.
 */
export function SendTranscriptButton({ clientId }: { clientId: string }) {
  const fetcher = useFetcher<ChatActionData>();
  useReplyMessage(fetcher.data);
  return (
    <fetcher.Form method="post" action={CHAT_URLS.inbox}>
      <input type="hidden" name="intent" value={INBOX_INTENTS.transcript} />
      <input type="hidden" name="clientId" value={clientId} />
      <StatusButton size="sm" variant="outline" pending={fetcher.state !== "idle"} pendingLabel="Enviando...">
        <Mail aria-hidden="true" /> Enviar conversación por correo
      </StatusButton>
    </fetcher.Form>
  );
}
