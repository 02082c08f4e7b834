import { Box } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { type BoxPrice, dimsLabel } from "~/lib/price-list";
import { formatDollars } from "~/lib/prices";
import { useSite } from "~/lib/use-site";
import { BoxCalculator } from "./box-calculator";
import { fromSearchParams } from "./calc";

/**
 * The owner's box sizes and prices (/admin/precios; the spec's six by default) and the
 * calculator, which marks the box it picks.
 */
export function BoxPrices() {
  const { prices } = useSite();
  const [params] = useSearchParams();
  const [initial] = useState(() => fromSearchParams(params, prices));
  const [picked, setPicked] = useState<string | null>(
    initial.result?.kind === "fits" ? initial.result.box.id : null,
  );
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <ul aria-label="Precios por tamaño de caja" className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {prices.boxes.map((box: BoxPrice, i) => {
          const isPicked = picked === box.id;
          return (
            <li
              key={box.id}
              data-picked={isPicked || undefined}
              className={cn(
                "relative flex flex-col items-center rounded-2xl border bg-card p-5 text-center shadow-sm transition",
                isPicked && "border-primary ring-2 ring-primary",
              )}
            >
              {isPicked && <Badge className="absolute -top-2.5">Tu caja</Badge>}
              {/* The icon grows with the box; a fixed slot keeps the text rows aligned. */}
              <span className="flex h-14 items-end">
                <Box
                  aria-hidden="true"
                  className="text-primary"
                  style={{ width: 28 + Math.min(i, 5) * 5, height: 28 + Math.min(i, 5) * 5 }}
                />
              </span>
              {box.name ? <p className="mt-3 text-sm font-medium">{box.name}</p> : null}
              <p className={cn("font-heading text-lg font-bold", !box.name && "mt-3")}>
                {dimsLabel(box.inches)}
              </p>
              <p className="text-xs text-muted-foreground">
                pulgadas <span className="whitespace-nowrap">({dimsLabel(box.cm)} cm)</span>
              </p>
              <p className="mt-2 font-heading text-2xl font-bold text-primary">
                {formatDollars(box.priceCents)}
              </p>
            </li>
          );
        })}
      </ul>
      <BoxCalculator initial={initial} onResult={(box) => setPicked(box?.id ?? null)} />
    </div>
  );
}
