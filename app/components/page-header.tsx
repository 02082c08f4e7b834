import { ArrowRight, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

export type PageHeaderProps = {
  title: string;
  subtitle?: React.ReactNode;
  /** A lucide icon component, e.g. `icon={Truck}`. */
  icon?: LucideIcon;
  /** Optional call to action, rendered as an amber button link. */
  action?: { label: string; to: string };
  className?: string;
  children?: React.ReactNode;
};

/** Title band at the top of a public page: primary colour with a soft amber glow. */
export function PageHeader({ title, subtitle, icon: Icon, action, className, children }: PageHeaderProps) {
  return (
    <section
      className={cn(
        "relative isolate overflow-hidden bg-primary text-primary-foreground [--focus-ring:white]",
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_15%,hsl(var(--accent)/0.25),transparent_40%),radial-gradient(circle_at_10%_110%,hsl(var(--secondary)/0.6),transparent_50%)]"
      />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-12 text-center sm:px-6 md:py-16">
        {Icon && (
          <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25">
            <Icon aria-hidden="true" className="size-7" />
          </span>
        )}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl md:text-5xl">{title}</h1>
        {subtitle && <p className="mt-4 max-w-2xl text-base text-white/90 sm:text-lg">{subtitle}</p>}
        {action && (
          <Link
            to={action.to}
            className={buttonVariants({
              size: "lg",
              className: "mt-8 bg-accent text-accent-foreground shadow-md hover:bg-accent/90",
            })}
          >
            {action.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        )}
        {children && <div className="mt-6">{children}</div>}
      </div>
    </section>
  );
}
