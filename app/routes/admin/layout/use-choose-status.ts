import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { type AgentStatus, isAgentStatus } from "~/lib/chat";
import { AGENT_INTENTS, CHAT_URLS, STATUS_SAVED } from "~/lib/chat-api";
import { notify, notifyError } from "~/lib/toast";

/** The one submission that chooses a status: the header's menu and the 'Estado' card share it. */
const STATUS_FETCHER = "chat-status";

type StatusReply = { ok: boolean; message: string | null };

/**
 * Choosing one's chat status (issue 41): one intent (/api/chat/agent `status`), one fetcher
 * shared by the header and the 'Estado' card, so both show the choice at once while it is saved,
 * and the loaders read again show it saved. `shown` is the choice being saved, else `current`.
 * A refusal is told where the choice was made; `confirm` also says a choice was saved (the card:
 * the header shows the new status itself).
 */
export function useChooseStatus(current: AgentStatus, confirm = false) {
  const fetcher = useFetcher<StatusReply>({ key: STATUS_FETCHER });
  const asked = fetcher.formData?.get("status");
  const shown = isAgentStatus(asked) ? asked : current;
  const mine = useRef(false);
  const seen = useRef<StatusReply | undefined>(fetcher.data);
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply || seen.current === reply) return;
    seen.current = reply;
    const byMe = mine.current;
    mine.current = false;
    if (!byMe) return;
    if (!reply.ok) notifyError(reply.message ?? "No se pudo actualizar el estado.");
    else if (confirm) notify(STATUS_SAVED);
  }, [fetcher.data, fetcher.state, confirm]);
  const choose = (status: AgentStatus) => {
    if (status === shown && fetcher.state === "idle") return;
    mine.current = true;
    fetcher.submit({ intent: AGENT_INTENTS.status, status }, { method: "post", action: CHAT_URLS.agent });
  };
  return { shown, choose, saving: fetcher.state !== "idle" };
}
