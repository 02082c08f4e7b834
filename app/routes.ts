import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors docs/product.md §2. Public pages render inside the site shell; staff pages inside the
// staff frame (its own header and navigation, no public marquee or footer).
export default [
  layout("routes/shell-layout.tsx", [
    index("routes/home.tsx"),
    route("tienda", "routes/tienda.tsx"),
    route("tienda/:slug", "routes/tienda-producto.tsx"),
    route("tienda-externa", "routes/tienda-externa.tsx"),
    route("personal-shop", "routes/personal-shop.tsx"),
    route("nosotros", "routes/nosotros.tsx"),
    route("servicios", "routes/servicios.tsx"),
    route("seguimiento", "routes/seguimiento.tsx"),
    route("contact", "routes/contact.tsx"),
    route("admin-login", "routes/admin-login.tsx"),
  ]),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/panel.tsx"),
    route("admin/chat", "routes/admin/chat.tsx"),
    route("admin/chat/respuestas", "routes/admin/saved-replies.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/content", "routes/admin/content.tsx"),
    route("admin/hero-images", "routes/admin/hero-images.tsx"),
    route("admin/users", "routes/admin/users.tsx"),
    route("admin/users/activity", "routes/admin/activity.tsx"),
  ]),
  route("admin/account", "routes/admin/account.ts"),
  route("api/staff/unread", "routes/api/staff.unread.ts"),
  route("logout", "routes/logout.ts"),
  route("admin/uploads", "routes/admin/uploads.ts"),
  route("api/chat/presence", "routes/api/chat.presence.ts"),
  route("api/chat/conversation", "routes/api/chat.conversation.ts"),
  route("api/chat/messages", "routes/api/chat.messages.ts"),
  route("api/chat/agent", "routes/api/chat.agent.ts"),
  route("api/chat/contact", "routes/api/chat.contact.ts"),
  route("api/push/key", "routes/api/push.key.ts"),
  route("api/push/staff", "routes/api/push.staff.ts"),
  route("api/push/order", "routes/api/push.order.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("images/hero-default.svg", "routes/hero-default.ts"),
  route("*", "routes/catchall.ts"),
] satisfies RouteConfig;
