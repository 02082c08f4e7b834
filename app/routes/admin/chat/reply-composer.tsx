import { Lock, Send } from "lucide-react";
import { useRef, useState } from "react";
import { PhotoDraft } from "~/components/chat/photo-draft";
import { PhotoPickButton } from "~/components/chat/photo-pick-button";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { MAX_MESSAGE_LENGTH } from "~/lib/chat";
import type { SiteReplyVars } from "~/lib/saved-reply-text";
import { SavedRepliesPicker, type SavedReplyOption, useSlashReplies } from "./saved-replies";
import type { StaffPhoto } from "./use-reply-sender";
import { useStaffTyping } from "./use-staff-typing";

export type ReplyComposerProps = {
  clientId: string;
  /** The visitor's name, for saved replies' {nombre}. */
  name: string;
  draft: string;
  onDraft: (update: (draft: string) => string) => void;
  onSend: (text: string) => void;
  /** Saves a private note (staff only) instead of replying. */
  onNote: (text: string) => void;
  /** A picked photo waits as a draft with a caption until 'Enviar' (issue 41). */
  photo: StaffPhoto;
  canManage: boolean;
  savedReplies: SavedReplyOption[];
  /** What saved replies' {precios}, {horario}, {cajas} and {seguimiento} become (null: left as typed). */
  replyVars?: SiteReplyVars | null;
  canManageReplies: boolean;
};

/**
 * The reply box: a photo, saved replies ('/' or the picker), the text (Enter sends), 'Enviar' —
 * or, switched to 'Nota privada', a note for the team that the visitor never sees.
 */
export function ReplyComposer(p: ReplyComposerProps) {
  const [noting, setNoting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { draft } = p.photo;
  return (
    // `relative`: the '/' list of saved replies opens above the whole box, its tabs included.
    <div ref={root} className={cn("relative shrink-0 border-t", noting ? "bg-amber-50" : "bg-card")}>
      {draft ? (
        <PhotoDraft
          file={draft}
          busy={p.photo.busy}
          onSend={p.photo.send}
          onCancel={p.photo.cancel}
          focusAfter={() => root.current?.querySelector("textarea")}
          className="p-3"
        />
      ) : null}
      <div hidden={!!draft}>
        <fieldset className="flex gap-1 px-3 pt-2">
          <legend className="sr-only">Tipo de mensaje</legend>
          <ModeButton on={!noting} onClick={() => setNoting(false)}>
            Responder
          </ModeButton>
          <ModeButton on={noting} onClick={() => setNoting(true)}>
            <Lock aria-hidden="true" className="size-3.5" /> Nota privada
          </ModeButton>
        </fieldset>
        <ComposerForm {...p} noting={noting} />
      </div>
    </div>
  );
}

function ModeButton({
  on,
  onClick,
  children,
}: {
  on: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        "relative inline-flex h-8 cursor-pointer items-center gap-1 rounded-full px-3 text-xs font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary",
        on ? "bg-foreground text-background" : "text-muted-foreground hover:bg-muted",
      )}
    >
      <input
        type="radio"
        name="reply-mode"
        checked={on}
        onChange={onClick}
        className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
      />
      {children}
    </label>
  );
}

function ComposerForm(p: ReplyComposerProps & { noting: boolean }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const typing = useStaffTyping(p.clientId);
  const insert = (text: string, replace: boolean) => {
    p.onDraft((d) => (replace || !d.trim() ? text : `${d.trimEnd()} ${text}`));
    box.current?.focus();
  };
  const vars = { ...p.replyVars, nombre: p.name };
  const slash = useSlashReplies({
    draft: p.draft,
    replies: p.savedReplies,
    vars,
    enabled: !p.noting,
    onInsert: (next, caret) => {
      p.onDraft(() => next);
      box.current?.focus();
      // After React has written the new text: the caret goes right after the inserted reply.
      requestAnimationFrame(() => box.current?.setSelectionRange(caret, caret));
    },
  });
  const send = () => {
    const text = p.draft.trim();
    if (!text || !p.canManage) return;
    typing.sent();
    if (p.noting) p.onNote(text);
    else p.onSend(text);
    p.onDraft(() => "");
  };

  return (
    <>
      {slash.list}
      <form
        className="relative flex items-end gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        {p.noting ? null : (
          <>
            <PhotoPickButton
              busy={p.photo.preparing}
              disabled={!p.canManage}
              onPick={(file) => void p.photo.pick(file)}
            />
            <SavedRepliesPicker
              replies={p.savedReplies}
              vars={vars}
              canManage={p.canManageReplies}
              disabled={!p.canManage}
              onInsert={(text) => insert(text, false)}
            />
          </>
        )}
        <textarea
          ref={box}
          {...slash.inputProps}
          value={p.draft}
          rows={1}
          maxLength={MAX_MESSAGE_LENGTH}
          aria-label={p.noting ? "Nota privada" : "Respuesta"}
          placeholder={p.noting ? "Nota para el equipo (el cliente no la ve)..." : "Escribe tu respuesta..."}
          disabled={!p.canManage}
          onChange={(e) => {
            const text = e.target.value;
            p.onDraft(() => text);
            if (text.trim() && !p.noting) typing.keystroke();
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
        {p.noting ? (
          <Button type="submit" variant="outline" disabled={!p.canManage || !p.draft.trim()}>
            <Lock aria-hidden="true" /> Guardar nota
          </Button>
        ) : (
          <Button
            type="submit"
            disabled={!p.canManage || !p.draft.trim()}
            className="bg-chat-strong hover:bg-chat-strong/90"
          >
            <Send aria-hidden="true" /> Enviar
          </Button>
        )}
      </form>
    </>
  );
}
