import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { whenPageIdle } from "~/lib/idle";
import type { SiteUser } from "./site-header";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(loadSheet);

export type MobileMenuProps = { siteName: string; user: SiteUser | null; className?: string };

/**
 * Phone and tablet menu (below lg): a right-hand sheet with the same links; closes when a link
 * is followed. The button is plain server-rendered HTML; the sheet's code is fetched once the
 * page is idle after loading (or when the button is reached first), so it is not part of the
 * first paint yet opens at once when tapped.
 */
export function MobileMenu({ siteName, user, className }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => whenPageIdle(() => void loadSheet()), []);
  const preload = () => void loadSheet();
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Abrir menú"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            siteName={siteName}
            user={user}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
