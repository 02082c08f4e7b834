import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
// Relative: React Router loads this file without the app's `~` alias.
import { PUBLIC_PAGES, type PublicPage } from "./lib/pages";

/** The public pages' routes, one for each entry of the page registry (app/lib/pages.ts). */
export function publicRoutes(pages: readonly PublicPage[]): RouteConfigEntry[] {
  return pages.map((p) => (p.path === "/" ? index(p.file) : route(p.path.slice(1), p.file)));
}

// Mirrors docs/product.md §2. Public pages render inside the site shell; staff pages inside the
// staff frame (its own header and navigation, no public marquee or footer).
export default [
  layout("routes/shell-layout.tsx", publicRoutes(PUBLIC_PAGES)),
  layout("routes/admin/layout/route.tsx", [
    route("admin", "routes/admin/panel/route.tsx"),
    // The panel's content tabs, each at its own address (issue 42).
    route("admin/productos", "routes/admin/products/route.tsx"),
    route("admin/textos", "routes/admin/texts/route.tsx"),
    route("admin/apariencia", "routes/admin/appearance/route.tsx"),
    route("admin/clientes", "routes/admin/customer-photos/route.tsx"),
    route("admin/chat", "routes/admin/chat/route.tsx"),
    route("admin/chat/respuestas", "routes/admin/saved-replies/route.tsx"),
    route("admin/chat/informes", "routes/admin/chat-reports/route.tsx"),
    route("admin/orders", "routes/admin/orders/route.tsx"),
    route("admin/embarques", "routes/admin/shipments/route.tsx"),
    route("admin/embarques/:id", "routes/admin/shipments/shipment.tsx"),
    route("admin/content", "routes/admin/content/route.tsx"),
    route("admin/precios", "routes/admin/prices/route.tsx"),
    route("admin/hero-images", "routes/admin/hero-images/route.tsx"),
    route("admin/avisos", "routes/admin/avisos/route.tsx"),
    route("admin/users", "routes/admin/users/route.tsx"),
    route("admin/users/activity", "routes/admin/activity/route.tsx"),
    route("admin/backups", "routes/admin/backups/route.tsx"),
    route("admin/correo", "routes/admin/mail/route.tsx"),
  ]),
  // An e-mail of the outbox as it arrives, alone in a frame of 'Correo' (its own strict policy).
  route("admin/correo/:id/vista", "routes/admin/mail/preview.ts"),
  // The parcel's receipt and box label: only the paper, without the staff frame.
  route("admin/orders/:id/:doc", "routes/admin/orders/print/route.tsx"),
  route("admin/account", "routes/admin/layout/account.ts"),
  // Choosing a password through an e-mailed link, and asking for one: no session needed (issue 40).
  route("admin/clave/:token", "routes/admin/password/link.tsx"),
  route("admin/recuperar", "routes/admin/password/recover.tsx"),
  route("api/staff/unread", "routes/api/staff.unread.ts"),
  route("admin/chat/informes.csv", "routes/admin/chat-reports/csv.ts"),
  route("admin/chat/contactos", "routes/admin/chat/contact-search.ts"),
  route("logout", "routes/logout.ts"),
  route("admin/uploads", "routes/admin/uploads.ts"),
  route("admin/backups/:id/descargar", "routes/admin/backups/download.ts"),
  route("api/chat/presence", "routes/api/chat.presence.ts"),
  route("api/chat/conversation", "routes/api/chat.conversation.ts"),
  route("api/chat/messages", "routes/api/chat.messages.ts"),
  route("api/chat/agent", "routes/api/chat.agent.ts"),
  route("api/chat/contact", "routes/api/chat.contact.ts"),
  route("api/chat/typing", "routes/api/chat.typing.ts"),
  route("api/chat/page", "routes/api/chat.page.ts"),
  route("api/chat/transcript", "routes/api/chat.transcript.ts"),
  route("api/chat/rating", "routes/api/chat.rating.ts"),
  route("api/cart", "routes/api/cart.ts"),
  route("api/aviso", "routes/api/announcement.ts"),
  route("api/push/key", "routes/api/push.key.ts"),
  route("api/push/staff", "routes/api/push.staff.ts"),
  route("api/push/order", "routes/api/push.order.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("images/hero-default.svg", "routes/hero-default.ts"),
  route("*", "routes/catchall.ts"),
] satisfies RouteConfig;
