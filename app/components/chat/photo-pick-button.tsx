import { ImagePlus, Loader2 } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { CHAT_PHOTO_ACCEPT } from "./prepare-photo";

/** 'Enviar una foto': the chat's photo picker, for the visitor's widget and the staff reply box alike. */
export function PhotoPickButton({
  busy,
  disabled = false,
  onPick,
}: {
  /** A photo is being prepared or sent: a spinner instead of the icon. */
  busy: boolean;
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  const off = busy || disabled;
  return (
    <label
      className={cn(
        "inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-chat-strong transition-colors hover:bg-muted focus-within:ring-2 focus-within:ring-chat-strong",
        off && "pointer-events-none opacity-50",
      )}
    >
      {busy ? (
        <Loader2 aria-hidden="true" className="size-5 animate-spin" />
      ) : (
        <ImagePlus aria-hidden="true" className="size-5" />
      )}
      <input
        type="file"
        accept={CHAT_PHOTO_ACCEPT}
        aria-label="Enviar una foto"
        className="sr-only"
        disabled={off}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onPick(file);
        }}
      />
    </label>
  );
}
