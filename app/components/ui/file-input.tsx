import { Upload } from "lucide-react";
import type * as React from "react";
import { cn } from "./cn";

export type FileInputProps = Omit<React.ComponentProps<"input">, "type" | "onChange"> & {
  /** The chosen file, or undefined when the choice was cleared. */
  onFile?: (file: File | undefined) => void;
  /** The chosen file's name, as the parent knows it (null once it clears the input). */
  chosenName: string | null;
};

/**
 * A file field that reads in Spanish whatever the browser's language ('Elegir archivo', the
 * chosen name): the real input lies over the button, transparent, so clicks, the keyboard and
 * screen readers use it as usual. Label it with a <Label htmlFor> of the same id.
 */
export function FileInput({ className, onFile, chosenName, disabled, ...props }: FileInputProps) {
  return (
    <div
      className={cn(
        "relative flex h-11 min-w-0 items-center gap-3 rounded-lg border border-input bg-card pr-3 text-sm shadow-xs",
        "focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--focus-ring)]",
        disabled && "opacity-50",
        className,
      )}
    >
      <input
        type="file"
        disabled={disabled}
        className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        onChange={(e) => onFile?.(e.currentTarget.files?.[0])}
        {...props}
      />
      <span
        aria-hidden="true"
        className="flex h-full shrink-0 items-center gap-2 rounded-l-lg bg-primary/10 px-3 font-medium text-primary"
      >
        <Upload className="size-4" />
        Elegir archivo
      </span>
      <span aria-hidden="true" className="truncate text-muted-foreground">
        {chosenName ?? "Ningún archivo seleccionado"}
      </span>
    </div>
  );
}
