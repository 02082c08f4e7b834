import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "~/components/ui/cn";
import type { UploadItem } from "./use-uploads";

const STATUS_TEXT: Record<UploadItem["status"], string> = {
  waiting: "En espera",
  preparing: "Preparando...",
  uploading: "Subiendo",
  saving: "Guardando...",
  done: "Subida",
  failed: "No se subió",
};

/**
 * One line per file of the last batch (docs/product.md §3.2): a thumbnail of what was sent, the
 * name the admin picked (never the resized file's), a progress bar, and how it ended.
 */
export function UploadProgress({ items, label }: { items: UploadItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        const status =
          item.status === "uploading" ? `${STATUS_TEXT.uploading} ${percent} %` : STATUS_TEXT[item.status];
        return (
          <li key={item.key} className="rounded-lg border bg-card px-3 py-2 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-2">
                {item.preview && (
                  <img
                    src={item.preview}
                    alt=""
                    className="size-10 shrink-0 rounded-md border object-cover"
                  />
                )}
                <span className="min-w-0 truncate font-medium">{item.name}</span>
              </span>
              <span
                className={cn(
                  "flex shrink-0 items-center gap-1",
                  item.status === "failed" ? "text-destructive" : "text-muted-foreground",
                )}
              >
                {item.status === "done" && <CircleCheck aria-hidden="true" className="size-4 text-primary" />}
                {item.status === "failed" && <CircleAlert aria-hidden="true" className="size-4" />}
                {status}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={`Progreso de ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={cn(
                  "h-full rounded-full transition-[width]",
                  item.status === "failed" ? "bg-destructive" : "bg-primary",
                )}
                style={{ width: `${item.status === "failed" ? 100 : percent}%` }}
              />
            </div>
            {item.error && <p className="mt-1 text-xs text-destructive">{item.error}</p>}
          </li>
        );
      })}
    </ul>
  );
}
