import { type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("tienda", "routes/tienda.tsx"),
  route("seguimiento", "routes/seguimiento.tsx"),
] satisfies RouteConfig;
