import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";

export type SectionProps = {
  id?: string;
  /** Small line above the title. */
  eyebrow?: string;
  title: string;
  intro?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

/** A titled band of a public page; the id makes it linkable and names the region. */
export function Section({ id, eyebrow, title, intro, className, children }: SectionProps) {
  const titleId = id ? `${id}-titulo` : undefined;
  return (
    <section id={id} aria-labelledby={titleId} className={cn("px-4 py-14 sm:px-6 md:py-20", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          {eyebrow && (
            <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          )}
          <h2 id={titleId} className="text-2xl font-bold tracking-tight sm:text-3xl md:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-base text-muted-foreground sm:text-lg">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export type FeatureCardProps = {
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
  /** Heading level inside the page outline; h3 under a section's h2. */
  as?: "h2" | "h3";
  footer?: React.ReactNode;
  className?: string;
};

/** Icon, title and a short text: the building block of the service and value lists. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  as: Heading = "h3",
  footer,
  className,
}: FeatureCardProps) {
  return (
    <Card className={cn("flex h-full flex-col p-6 transition-shadow hover:shadow-md", className)}>
      <span className="mb-4 flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-lg leading-snug font-semibold">{title}</Heading>
      <div className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{children}</div>
      {footer && <div className="mt-5">{footer}</div>}
    </Card>
  );
}
