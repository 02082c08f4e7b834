import type * as React from "react";
import { AnnouncementBar, type AnnouncementBarProps } from "./announcement-bar";
import { ChatLauncher, type ChatLauncherProps } from "./chat-launcher";
import { SiteFooter, type SiteFooterProps } from "./site-footer";
import { SiteHeader, type SiteHeaderProps } from "./site-header";

export type SiteShellProps = {
  /** The owner's announcement above the header, or null. */
  announcement: AnnouncementBarProps["announcement"];
  header: SiteHeaderProps;
  footer: SiteFooterProps;
  /** The floating chat button: on every public page, not on the data error screen. */
  showChat: boolean;
  chat: ChatLauncherProps;
  children: React.ReactNode;
};

/**
 * Public page frame (docs/product.md §2.1): skip link, the announcement bar (scrolls away), sticky
 * header, main content, footer, chat button.
 */
export function SiteShell({ announcement, header, footer, showChat, chat, children }: SiteShellProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
      >
        Saltar al contenido
      </a>
      <AnnouncementBar announcement={announcement} />
      <SiteHeader {...header} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter {...footer} />
      {showChat && <ChatLauncher {...chat} />}
    </div>
  );
}
