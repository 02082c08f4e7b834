import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "./cn";

export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn("flex flex-col gap-4", className)} {...props} />;
}

/** The trigger row scrolls sideways on narrow screens instead of wrapping. */
export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "flex w-full max-w-full items-center gap-1 overflow-x-auto rounded-xl bg-muted p-1",
        "[scrollbar-width:thin] sm:w-fit",
        className,
      )}
      {...props}
    />
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
