import { ImagePlus } from "lucide-react";
import { useRef, useState } from "react";
import { cn } from "~/components/ui/cn";

export type DropZoneProps = {
  id: string;
  /** The file input's `accept` (acceptFor(kind)). */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The zone's first line, also the start of the file input's name. */
  title: string;
  hint: string;
  onFiles: (files: File[]) => void;
  className?: string;
};

/**
 * Drop files here, or click (or press Enter on) the zone to pick them (docs/product.md §3.2): a
 * label for a visually hidden file input, so the keyboard and screen readers get the
 * platform's own file picker.
 */
export function DropZone({ id, accept, multiple, disabled, title, hint, onFiles, className }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = ""; // picking the same file again still fires
    if (files.length > 0 && !disabled) onFiles(files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: drop target only; the label and input inside are the accessible control.
    <div
      onDragOver={(e) => {
        // Always taken, even while disabled: a file dropped here must not open in the tab.
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
      className={cn(
        "rounded-xl border-2 border-dashed bg-muted/60 transition-colors has-[:focus-visible]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40",
        over && "border-primary bg-primary/5",
        disabled && "opacity-60",
        className,
      )}
    >
      <label
        htmlFor={id}
        className={cn(
          "flex min-h-32 flex-col items-center justify-center gap-1.5 p-5 text-center text-sm text-muted-foreground",
          disabled ? "cursor-not-allowed" : "cursor-pointer hover:text-primary",
        )}
      >
        <ImagePlus aria-hidden="true" className="size-8" />
        <span className="font-medium text-foreground">{title}</span>
        <span className="text-xs">{hint}</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => take(e.currentTarget.files)}
      />
    </div>
  );
}
