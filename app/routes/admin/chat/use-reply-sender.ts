import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { prepareChatPhoto } from "~/components/chat/prepare-photo";
import { type ChatMessageView, generateMessageId, replyArrived } from "~/lib/chat";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import { notifyError } from "~/lib/toast";
import type { ChatActionData } from "./types";

/** Says a failed post in a toast once it settles (the reply's own words, else `fallback`). */
export function useFailureToast(
  fetcher: ReturnType<typeof useFetcher<ChatActionData>>,
  fallback: string,
  after?: () => void,
) {
  const then = useRef(after);
  then.current = after;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return;
    notifyError(fetcher.data.message?.description ?? fallback);
    then.current?.();
  }, [fetcher.state, fetcher.data, fallback]);
}

/**
 * A staff reply on its way: posted with a fetcher, shown as 'Enviando...' until the stored
 * message is in the log; a failed reply is not lost (the text goes back into the box).
 */
export function useReplySender(
  clientId: string,
  messages: ChatMessageView[] | null,
  restore: (text: string) => void,
) {
  const fetcher = useFetcher<ChatActionData>();
  const sentText = useRef("");
  // Ids in the log when the reply left: the stored reply is the first new one with its text.
  const knownIds = useRef<ReadonlySet<string>>(new Set());
  const sending =
    fetcher.state !== "idle" && fetcher.formData?.get("intent") === INBOX_INTENTS.reply
      ? String(fetcher.formData?.get("message") ?? "")
      : "";
  const pending = sending && !replyArrived(messages, knownIds.current, sending) ? sending : "";
  useFailureToast(fetcher, "No se pudo enviar la respuesta.", () => restore(sentText.current));
  const post = (intent: string, text: string) => {
    sentText.current = text;
    knownIds.current = new Set((messages ?? []).map((m) => m.id));
    fetcher.submit({ intent, clientId, message: text }, { method: "post", action: CHAT_URLS.inbox });
  };
  return {
    send: (text: string) => post(INBOX_INTENTS.reply, text),
    /** A private note: staff only, never sent to the visitor. */
    note: (text: string) => post(INBOX_INTENTS.note, text),
    pending,
  };
}

/**
 * A staff photo: checked and resized in the browser, then shown as a draft with a caption (issue 41)
 * until 'Enviar' posts it with its own id (a retry stores it once) or 'Cancelar' drops it. A failed
 * post keeps the draft, caption and id, for another 'Enviar'.
 */
export function useStaffPhoto(clientId: string) {
  const fetcher = useFetcher<ChatActionData>();
  const [preparing, setPreparing] = useState(false);
  const [draft, setDraft] = useState<{ file: File; id: string } | null>(null);
  // The draft on its way: it goes once the server took it.
  const sent = useRef<string | null>(null);
  useFailureToast(fetcher, "No se pudo enviar la foto.");
  useEffect(() => {
    if (fetcher.state !== "idle" || !sent.current) return;
    const id = sent.current;
    sent.current = null;
    if (fetcher.data?.ok) setDraft((d) => (d?.id === id ? null : d));
  }, [fetcher.state, fetcher.data]);

  const pick = async (file: File) => {
    setPreparing(true);
    const ready = await prepareChatPhoto(file);
    setPreparing(false);
    if (!ready.ok) {
      notifyError(ready.error);
      return;
    }
    setDraft({ file: ready.file, id: generateMessageId() });
  };
  const send = (caption: string) => {
    if (!draft || fetcher.state !== "idle") return;
    sent.current = draft.id;
    const form = new FormData();
    form.set("intent", INBOX_INTENTS.photo);
    form.set("clientId", clientId);
    form.set("clientMessageId", draft.id);
    form.set("message", caption.trim());
    form.set("image", draft.file, draft.file.name);
    fetcher.submit(form, { method: "post", action: CHAT_URLS.inbox, encType: "multipart/form-data" });
  };
  const busy = fetcher.state !== "idle";
  return {
    pick,
    draft: draft?.file ?? null,
    send,
    cancel: () => {
      if (!busy) setDraft(null);
    },
    busy,
    preparing,
  };
}

export type StaffPhoto = ReturnType<typeof useStaffPhoto>;
