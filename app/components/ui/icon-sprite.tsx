import type { LucideIcon } from "lucide-react";

/**
 * An icon drawn many times on one page (the cart on every product card): its shape goes into the
 * page once, as a <symbol> (IconSymbol, rendered by the list), and each copy is a <use> of it
 * (SpriteIcon): about 100 bytes of HTML a copy instead of 600.
 */
export function IconSymbol({ id, icon: Icon }: { id: string; icon: LucideIcon }) {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      <symbol id={id} viewBox="0 0 24 24">
        <Icon />
      </symbol>
    </svg>
  );
}

export function SpriteIcon({ id, className }: { id: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
