import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorScreen } from "./components/error-screen";
import { NavigationProgress } from "./components/loading-view";
import { Toaster } from "./components/toaster";
import { clearFlashCookies, FLASH_TOASTS } from "./lib/flash";
import { COLOR_KEYS, type SiteSettings } from "./lib/site";
import { notify } from "./lib/toast";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, auth, flash } = context;
  const { text, settings } = await services.siteContent.get();
  return {
    text,
    settings,
    user: auth.user ? { name: auth.user.name, email: auth.user.email, role: auth.user.role } : null,
    flash,
    timeZone: services.config.TIME_ZONE,
    year: new Date().getFullYear(),
  };
}

// The root carries the session user and one-shot toasts: re-read it on every navigation.
export function shouldRevalidate() {
  return true;
}

export function themeCss(settings: SiteSettings): string {
  const vars = COLOR_KEYS.map((k) => `--${k}:${settings.colors[k]};`).join("");
  const font = settings.fontFamily.replace(/[^a-zA-Z ]/g, "");
  return `:root{${vars}--site-font:"${font}",system-ui,sans-serif;}`;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1f7a45" />
        <Meta />
        <Links />
        {data ? <style>{themeCss(data.settings)}</style> : null}
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

  useEffect(() => {
    if (!flash) return;
    const fresh = flash.names.filter((n) => !shown.current.has(n));
    if (fresh.length === 0) return;
    for (const n of fresh) shown.current.add(n);
    notify(FLASH_TOASTS[flash.key]);
    clearFlashCookies(flash.names);
  }, [flash]);

  return (
    <>
      <NavigationProgress active={navigation.state !== "idle"} />
      <Outlet />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let details: string | undefined;
  if (isRouteErrorResponse(error)) {
    const msg = (error.data as { message?: string } | undefined)?.message;
    details = msg ?? `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    details = error.message;
  }
  return <ErrorScreen details={details} />;
}
