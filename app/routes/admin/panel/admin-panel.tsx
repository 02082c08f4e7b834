import {
  BadgeDollarSign,
  ChevronRight,
  Images,
  type LucideIcon,
  MessageSquare,
  Package,
  PanelTop,
  ShieldCheck,
  TriangleAlert,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { LogoutButton } from "~/components/shell/logout-button";
import { CONTENT_SCREENS } from "~/components/staff/content-tabs";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { roleLabel } from "~/lib/permissions";

export type AdminPanelProps = {
  email: string;
  role: string;
  /** Something stored that needs the admin: said above the content tabs. */
  notice?: string;
};

type Tile = { to: string; title: string; description: string; icon: LucideIcon };

const TILES: Tile[] = [
  {
    to: "/admin/chat",
    title: "Mensajes",
    description: "Responde los chats de los clientes.",
    icon: MessageSquare,
  },
  {
    to: "/admin/orders",
    title: "Pedidos",
    description: "Gestiona pedidos, estados y repartidores.",
    icon: Package,
  },
  {
    to: "/admin/content",
    title: "Contenido General",
    description: "Administra el banner del sitio.",
    icon: PanelTop,
  },
  {
    to: "/admin/hero-images",
    title: "Imágenes Hero",
    description: "Organiza el carrusel de la portada.",
    icon: Images,
  },
  {
    to: "/admin/precios",
    title: "Precios",
    description: "Cambia los precios de las cajas y de Personal Shop.",
    icon: BadgeDollarSign,
  },
  { to: "/admin/users", title: "Usuarios", description: "Consulta las cuentas del personal.", icon: Users },
];

/**
 * Admin dashboard (docs/product.md §3.2): identity, sign-out, the navigation tiles and the store
 * content tabs, each a link to its own screen (issue 42).
 */
export function AdminPanel({ email, role, notice }: AdminPanelProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10">
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">Panel de Administración</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="truncate">{email}</span>
            <Badge variant="secondary">
              <ShieldCheck aria-hidden="true" />
              {roleLabel(role)}
            </Badge>
          </div>
        </div>
        <LogoutButton className="w-full sm:w-auto" />
      </Card>

      <section aria-labelledby="admin-nav-title" className="mt-10">
        <h2 id="admin-nav-title" className="mb-4 text-xl font-semibold">
          Navegación Principal
        </h2>
        <LinkTiles tiles={TILES} />
      </section>

      <section aria-labelledby="admin-content-title" className="mt-10">
        <h2 id="admin-content-title" className="mb-4 text-xl font-semibold">
          Gestión de Contenido de la Tienda
        </h2>
        {notice ? (
          <p
            role="alert"
            className="mb-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {notice}
          </p>
        ) : null}
        <nav aria-label="Secciones de contenido">
          <LinkTiles
            tiles={CONTENT_SCREENS.map((s) => ({
              to: s.to,
              title: s.label,
              description: s.description,
              icon: s.icon,
            }))}
          />
        </nav>
      </section>
    </div>
  );
}

function LinkTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {tiles.map(({ to, title, description, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="group flex h-full items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm transition hover:border-primary/40 hover:shadow-md xl:flex-col xl:items-start"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{title}</span>
              <span className="mt-0.5 block text-sm text-muted-foreground">{description}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground xl:hidden" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
