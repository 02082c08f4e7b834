import { Menu } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "~/components/ui/button";
import { useLazyDialog } from "~/components/ui/lazy-dialog";
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
  const menu = useLazyDialog(loadSheet, { preloadWhenIdle: true });
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Abrir menú"
        className={className}
        {...menu.triggerProps}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {menu.rendered ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            siteName={siteName}
            user={user}
            open={menu.open}
            onOpenChange={menu.setOpen}
            returnFocusTo={menu.triggerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
