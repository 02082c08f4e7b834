import { FileText, Palette, ShoppingBasket, SquareUserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { StaffPage } from "./staff-page";

/**
 * The store content screens, in the panel's tab order (docs/product.md §3.2): each has its own
 * address, so a link, the back button or a bookmark reaches it (issue 42).
 */
export const CONTENT_SCREENS = [
  {
    to: "/admin/productos",
    icon: ShoppingBasket,
    label: "Productos",
    description: "Agrega, edita, agota u oculta los productos de la tienda, y ordena sus categorías.",
  },
  {
    to: "/admin/textos",
    icon: FileText,
    label: "Textos",
    description: "Los textos de la portada, de contacto, del horario y del pie de página, y lo que cambió.",
  },
  {
    to: "/admin/apariencia",
    icon: Palette,
    label: "Apariencia",
    description: "El logo, los colores y la letra del sitio, con una vista previa antes de guardar.",
  },
  {
    to: "/admin/clientes",
    icon: SquareUserRound,
    label: "Carrusel Clientes",
    description:
      "Las fotos de clientes que se ven en la página Nosotros: súbelas desde el teléfono, ordénalas o apágalas.",
  },
] as const;

export type ContentScreen = (typeof CONTENT_SCREENS)[number]["to"];

/**
 * The panel's content tabs as links, the open one marked; two by two on a phone, so none is cut
 * or hidden sideways.
 */
function ContentTabs({ current, className }: { current: ContentScreen; className: string }) {
  return (
    <nav aria-label="Secciones de contenido" className={className}>
      <ul className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1 sm:inline-flex">
        {CONTENT_SCREENS.map(({ to, label }) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={to === current ? "page" : undefined}
              className={cn(
                "flex h-11 items-center justify-center rounded-lg px-4 text-center text-sm font-medium leading-tight",
                "text-muted-foreground transition-colors hover:text-foreground md:h-9",
                to === current && "bg-card text-primary shadow-sm hover:text-primary",
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A content screen: its name (the tab's label), one line of what it is for, the tabs to the
 * others, and its content.
 */
export function ContentScreenPage({
  current,
  children,
}: {
  current: ContentScreen;
  children: React.ReactNode;
}) {
  const screen = CONTENT_SCREENS.find((s) => s.to === current);
  return (
    <StaffPage title={screen?.label ?? ""} description={screen?.description}>
      <ContentTabs current={current} className="mb-6" />
      {children}
    </StaffPage>
  );
}
