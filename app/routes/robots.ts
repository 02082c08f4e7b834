import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  // PUBLIC_URL, never whatever Host a client sent (app/.server/http/public-origin.ts).
  const origin = context.publicOrigin;
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /admin-login",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
