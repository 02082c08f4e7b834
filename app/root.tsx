import { useEffect, useRef } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { readServerCart } from "./.server/catalog/cart";
import { consumeFlash } from "./.server/http/cookies";
import type { Route } from "./+types/root";
import "./app.css";
import { errorMeta } from "./components/error-boundary";
import { NavigationProgress } from "./components/loading-view";
import { SiteErrorBoundary } from "./components/shell/site-frame";
import { Toaster } from "./components/toaster";
import { replayEarlyTaps } from "./lib/early-taps";
import { FLASH_TOASTS } from "./lib/flash";
import { SITE_FONTS_ID, siteFallbackFaces, siteFontFaces, siteWebFaces, withFallbacks } from "./lib/fonts";
import { srcSetFor, variantUrl } from "./lib/images";
import { roleLabel } from "./lib/permissions";
import { closedAnnouncements, nextScheduleChange, pageSchedule } from "./lib/schedule";
import { COLOR_KEYS, SITE_SETTINGS_DEFAULTS, type SiteSettings } from "./lib/site";
import { siteContact } from "./lib/site-contact";
import { notify } from "./lib/toast";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, auth } = context;
  const [{ text, settings, prices, schedule }, { flash, setCookie }, cart] = await Promise.all([
    services.siteContent.get(),
    consumeFlash(request.headers.get("Cookie")),
    // The browser's cart (app/lib/cart-lines.ts): only a request with the cart cookie has one, and
    // such a request never meets the page cache (any cookie keeps it out, page-cache.ts).
    readServerCart(services, request.headers.get("Cookie")),
  ]);
  const headers = new Headers();
  for (const cookie of [setCookie, cart.setCookie]) if (cookie) headers.append("Set-Cookie", cookie);
  // Announcements and special dates start and end by the clock: what shows is decided now, and a
  // kept copy of this page (page-cache.ts) lives no longer than the next start or end.
  const now = new Date();
  const timeZone = services.config.TIME_ZONE;
  context.cacheUntil = nextScheduleChange(schedule, now, timeZone)?.getTime();
  const closed = closedAnnouncements(request.headers.get("Cookie"));
  return data(
    {
      text,
      // Every tel: and wa.me link of the pages derives from these (docs/product.md §4.9).
      contact: siteContact(text),
      settings,
      // The owner's price list (/admin/precios): every page that names a price reads it here.
      prices,
      shareImage: bannerShareImage(settings.bannerImageUrl, context.publicOrigin),
      user: auth.user
        ? {
            name: auth.user.name,
            email: auth.user.email,
            role: auth.user.role,
            roleLabel: roleLabel(auth.user.role),
          }
        : null,
      flash,
      cart: cart.cart,
      // The announcement bar and the special dates (/admin/avisos) as they stand now.
      schedule: pageSchedule(schedule, { now, timeZone, closed }),
      timeZone,
      origin: context.publicOrigin,
      year: new Date().getFullYear(),
    },
    { headers },
  );
}

/** The banner is the public pages' default link-preview picture (docs/product.md §3.5): absolute, 1280 px. */
function bannerShareImage(banner: string, origin: string): string | undefined {
  if (!banner) return undefined;
  return new URL(srcSetFor(banner, "banner") ? variantUrl(banner, 1280) : banner, origin).href;
}

// The pages and layouts name themselves; an error screen this route's boundary shows has this title.
export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  error ? errorMeta(error, loaderData?.settings.siteName) : [];

// The root carries the session user and the one-shot flash toast (read and cleared by this
// loader): re-read it on every navigation to another page and after every form post. A new
// search on the same page (shop filters, a tracking look-up) cannot change either, and must not
// depend on it: a look-up that fails offline keeps the page (routes/seguimiento/route.tsx's clientLoader).
export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  const posted = !!formMethod && formMethod.toUpperCase() !== "GET";
  return posted || currentUrl.pathname !== nextUrl.pathname;
}

export function themeCss(settings: SiteSettings): string {
  const vars = COLOR_KEYS.map((k) => `--${k}:${settings.colors[k]};`).join("");
  const font = settings.fontFamily.replace(/[^a-zA-Z ]/g, "");
  return `:root{${vars}--site-font:${withFallbacks(font)},system-ui,sans-serif;}`;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const font = data?.settings.fontFamily ?? SITE_SETTINGS_DEFAULTS.fontFamily;
  const publicPage = useMatches().some((m) => m.id === "routes/shell-layout");
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1f7a45" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* A public page's web fonts never compete with its first paint (app/lib/fonts.ts,
            loadSiteFonts, added inline after this element by html-transform.ts). */}
        {publicPage && (
          <noscript id={SITE_FONTS_ID}>
            <style>{siteWebFaces(font)}</style>
          </noscript>
        )}
        <Meta />
        <Links />
        {/* The site's own fonts only: product fonts load with their cards (app/lib/fonts.ts). */}
        <style>
          {(data ? themeCss(data.settings) : "") +
            (publicPage ? siteFallbackFaces(font) : siteFontFaces(font))}
        </style>
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  const navigation = useNavigation();

  const shown = useRef(new Set<string>());

  // Effects run once the whole page has hydrated: end-to-end tests wait for this mark, and the
  // taps a visitor made before it are replayed once it is set (app/lib/early-taps.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    void replayEarlyTaps();
  }, []);

  useEffect(() => {
    if (!flash || shown.current.has(flash.id)) return;
    shown.current.add(flash.id);
    notify(FLASH_TOASTS[flash.key]);
  }, [flash]);

  return (
    <>
      <NavigationProgress active={navigation.state !== "idle"} />
      <Outlet />
      <Toaster />
    </>
  );
}

/**
 * The root data itself (or a page under no layout) failed: the public frame, with the defaults
 * when there is no root data. The layouts catch their pages' failures themselves, each in its own
 * frame, below App (which sets the hydration mark and shows the toasts).
 */
export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
