import { useState } from "react";
import { ApiError, postTranscript } from "./visitor-api";

const FAILED = "No se pudo enviar la conversación. Inténtalo de nuevo.";

/**
 * 'Enviarme la conversación', for a visitor who left an e-mail: the server sends the conversation
 * there and the answer says where ('Te enviamos la conversación a r***@gmail.com').
 */
export function TranscriptRequest({ clientId, secret }: { clientId: string; secret: string }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const request = () => {
    setBusy(true);
    setAnswer(null);
    postTranscript(clientId, secret)
      .then((r) => setAnswer({ ok: true, text: r.message }))
      .catch((e) => setAnswer({ ok: false, text: e instanceof ApiError && e.status ? e.message : FAILED }))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-col items-center gap-1 self-center text-center text-xs">
      <button
        type="button"
        onClick={request}
        disabled={busy}
        className="min-h-9 px-2 font-semibold text-chat-strong underline underline-offset-2 disabled:opacity-60"
      >
        {busy ? "Enviando..." : "Enviarme la conversación"}
      </button>
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={answer.ok ? "text-muted-foreground" : "text-destructive"}
        >
          {answer.text}
        </p>
      ) : null}
    </div>
  );
}
