import { ArrowRight } from "lucide-react";
import type { ChangeLine, ChangeValue } from "~/lib/change-labels";
import { hasVariants, variantUrl } from "~/lib/images";

/**
 * The lines of a recorded change as the owner reads them (app/lib/change-labels.ts): 'label:
 * before → after', colours as swatches, pictures as thumbnails. Used by 'Actividad' and the
 * panel's 'Historial de cambios'.
 */
export function ChangeList({ lines, className }: { lines: ChangeLine[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <ul className={className ?? "grid gap-1 text-xs text-muted-foreground"}>
      {lines.map((line, i) => (
        // Lines have no id; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
        <li key={i} className="flex flex-wrap items-center gap-x-1.5 gap-y-1 break-words">
          <span className="font-medium text-foreground">{line.label}:</span>
          {"value" in line ? (
            <Value value={line.value} />
          ) : (
            <>
              <Value value={line.before} />
              <ArrowRight aria-label="pasó a" className="size-3.5 shrink-0" />
              <Value value={line.after} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Value({ value }: { value: ChangeValue }) {
  switch (value.kind) {
    case "color":
      return (
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block size-3.5 rounded-sm border border-black/20"
            style={{ background: value.css }}
          />
          {value.text}
        </span>
      );
    case "image":
      return (
        <img
          src={thumbnail(value.url)}
          alt={value.text}
          loading="lazy"
          className="h-8 w-12 rounded border bg-muted object-cover"
        />
      );
    case "none":
      return <span className="italic">{value.text}</span>;
    default:
      return <span className="text-foreground/80">{value.text}</span>;
  }
}

/** Products, the banner and hero images are stored with smaller widths; the rest are small already. */
function thumbnail(url: string): string {
  if (!hasVariants(url)) return url;
  if (url.includes("/product-images/")) return variantUrl(url, 320);
  return /\/(banners_hero|hero-main|hero-gallery)\//.test(url) ? variantUrl(url, 640) : url;
}
