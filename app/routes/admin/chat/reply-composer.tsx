import { Send } from "lucide-react";
import { useRef } from "react";
import { PhotoPickButton } from "~/components/chat/photo-pick-button";
import { Button } from "~/components/ui/button";
import { MAX_MESSAGE_LENGTH } from "~/lib/chat";
import { SavedRepliesPicker, type SavedReplyOption, useSlashReplies } from "./saved-replies";
import { useStaffTyping } from "./use-staff-typing";

export type ReplyComposerProps = {
  clientId: string;
  /** The visitor's name, for saved replies' {nombre}. */
  name: string;
  draft: string;
  onDraft: (update: (draft: string) => string) => void;
  onSend: (text: string) => void;
  photo: { send: (file: File) => Promise<void>; busy: boolean };
  canManage: boolean;
  savedReplies: SavedReplyOption[];
  canManageReplies: boolean;
};

/** The reply box: a photo, saved replies ('/' or the picker), the text (Enter sends), 'Enviar'. */
export function ReplyComposer(p: ReplyComposerProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const typing = useStaffTyping(p.clientId);
  const insert = (text: string, replace: boolean) => {
    p.onDraft((d) => (replace || !d.trim() ? text : `${d.trimEnd()} ${text}`));
    box.current?.focus();
  };
  const slash = useSlashReplies({
    draft: p.draft,
    replies: p.savedReplies,
    name: p.name,
    onInsert: (text) => insert(text, true),
  });
  const send = () => {
    const text = p.draft.trim();
    if (!text || !p.canManage) return;
    typing.sent();
    p.onSend(text);
    p.onDraft(() => "");
  };

  return (
    <form
      className="relative flex shrink-0 items-end gap-2 border-t bg-card p-3"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <PhotoPickButton
        busy={p.photo.busy}
        disabled={!p.canManage}
        onPick={(file) => void p.photo.send(file)}
      />
      {slash.list}
      <SavedRepliesPicker
        replies={p.savedReplies}
        name={p.name}
        canManage={p.canManageReplies}
        disabled={!p.canManage}
        onInsert={(text) => insert(text, false)}
      />
      <textarea
        ref={box}
        {...slash.inputProps}
        value={p.draft}
        rows={1}
        maxLength={MAX_MESSAGE_LENGTH}
        aria-label="Respuesta"
        placeholder="Escribe tu respuesta..."
        disabled={!p.canManage}
        onChange={(e) => {
          const text = e.target.value;
          p.onDraft(() => text);
          if (text.trim()) typing.keystroke();
        }}
        onKeyDown={(e) => {
          if (slash.onKeyDown(e)) return;
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        className="max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-input bg-card px-3 py-2.5 text-base [field-sizing:content] placeholder:text-muted-foreground focus-visible:border-primary md:text-sm"
      />
      <Button
        type="submit"
        disabled={!p.canManage || !p.draft.trim()}
        className="bg-chat-strong hover:bg-chat-strong/90"
      >
        <Send aria-hidden="true" /> Enviar
      </Button>
    </form>
  );
}
