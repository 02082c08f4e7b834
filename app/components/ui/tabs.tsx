import { ChevronLeft, ChevronRight } from "lucide-react";
import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { cn } from "./cn";

export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn("flex flex-col gap-4", className)} {...props} />;
}

/** Which ends of a sideways-scrolling row have more to show. */
function useScrollEdges(ref: React.RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}

const edgeHint =
  "pointer-events-none absolute inset-y-0 flex w-12 items-center motion-safe:transition-opacity";

/**
 * The trigger row scrolls sideways on narrow screens instead of wrapping; when it does, the end
 * that has more tabs fades out under an arrow, so nobody takes 'Carru…' for the last tab.
 * `className` places the row (its box); the row itself keeps the look.
 */
export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const { start, end } = useScrollEdges(ref);
  return (
    <div
      className={cn("relative w-full max-w-full sm:w-fit", className)}
      data-scroll-start={start}
      data-scroll-end={end}
    >
      <TabsPrimitive.List
        ref={ref}
        className="flex w-full items-center gap-1 overflow-x-auto rounded-xl bg-muted p-1 [scrollbar-width:thin]"
        {...props}
      />
      <span
        aria-hidden="true"
        className={cn(
          edgeHint,
          "left-0 justify-start rounded-l-xl bg-linear-to-r from-muted from-40% to-transparent pl-1",
          start ? "opacity-100" : "opacity-0",
        )}
      >
        <ChevronLeft className="size-6 rounded-full bg-card p-1 text-foreground shadow" />
      </span>
      <span
        aria-hidden="true"
        className={cn(
          edgeHint,
          "right-0 justify-end rounded-r-xl bg-linear-to-l from-muted from-40% to-transparent pr-1",
          end ? "opacity-100" : "opacity-0",
        )}
      >
        <ChevronRight className="size-6 rounded-full bg-card p-1 text-foreground shadow" />
      </span>
    </div>
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium",
        "whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground md:h-9",
        "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4",
        "data-[state=active]:bg-card data-[state=active]:text-primary data-[state=active]:shadow-sm",
        "focus-visible:-outline-offset-2",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("focus-visible:outline-offset-4", className)} {...props} />;
}
