import { CheckCircle2, Package, Store, Truck, XCircle } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { IconSymbol, SpriteIcon } from "~/components/ui/icon-sprite";
import { ORDER_STATUSES, type OrderStatus, STATUS_INFO } from "~/lib/orders";

const ICONS = {
  en_local: Store,
  enviando: Package,
  en_reparto: Truck,
  entregado: CheckCircle2,
  cancelado: XCircle,
};

/** Text and background colours per status tone (readable on white, AA contrast). */
export const TONE_CLASSES = {
  amber: "bg-amber-100 text-amber-900 border-amber-300",
  blue: "bg-sky-100 text-sky-900 border-sky-300",
  violet: "bg-violet-100 text-violet-900 border-violet-300",
  green: "bg-emerald-100 text-emerald-900 border-emerald-300",
  red: "bg-red-100 text-red-900 border-red-300",
} as const;

export function StatusIcon({ status, className }: { status: OrderStatus; className?: string }) {
  const Icon = ICONS[status];
  return <Icon aria-hidden="true" className={className} />;
}

const symbolId = (status: OrderStatus) => `icon-status-${status}`;

/** The status icons as <symbol>s, once on a page of badges: each StatusBadge draws a <use> of one. */
export function StatusSymbols() {
  return ORDER_STATUSES.map((s) => <IconSymbol key={s} id={symbolId(s)} icon={ICONS[s]} />);
}

/** A status pill; its icon comes from StatusSymbols, which the page must hold. */
export function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const info = STATUS_INFO[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        TONE_CLASSES[info.tone],
        className,
      )}
    >
      <SpriteIcon id={symbolId(status)} className="size-3.5" />
      {info.label}
    </span>
  );
}
