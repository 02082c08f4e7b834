import { Box } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { BOX_SIZES, type BoxSize, boxLabel, formatUsd } from "~/lib/shipping";
import { BoxCalculator } from "./box-calculator";
import { fromSearchParams } from "./calc";

/** The six box sizes and prices (docs/product.md §5) and the calculator, which marks the box it picks. */
export function BoxPrices() {
  const [params] = useSearchParams();
  const [initial] = useState(() => fromSearchParams(params));
  const [picked, setPicked] = useState<BoxSize | null>(
    initial.result?.kind === "fits" ? initial.result.box : null,
  );
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <ul aria-label="Precios por tamaño de caja" className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {BOX_SIZES.map((box, i) => {
          const isPicked = picked === box;
          return (
            <li
              key={boxLabel(box)}
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
                  style={{ width: 28 + i * 5, height: 28 + i * 5 }}
                />
              </span>
              <p className="mt-3 font-heading text-lg font-bold">{boxLabel(box)}</p>
              <p className="text-xs text-muted-foreground">pulgadas</p>
              <p className="mt-2 font-heading text-2xl font-bold text-primary">{formatUsd(box.price)}</p>
            </li>
          );
        })}
      </ul>
      <BoxCalculator initial={initial} onResult={setPicked} />
    </div>
  );
}
