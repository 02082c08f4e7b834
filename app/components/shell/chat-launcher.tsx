import { MessageCircle, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { whatsappUrl } from "~/lib/site";

export type ChatLauncherProps = {
  /** Site text's WhatsApp link (e.g. https://wa.me/13055550100). */
  whatsappLink: string;
  businessName: string;
};

const roundButton = "inline-flex items-center justify-center rounded-full text-white transition-colors";

/**
 * Floating chat button and an offline panel: a placeholder until the live chat (SPEC §2.9)
 * exists. 350x500 px on larger screens, full screen on phones; Escape closes it.
 */
export function ChatLauncher({ whatsappLink, businessName }: ChatLauncherProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Move focus into the panel when it opens and back to the launcher when it closes.
  useEffect(() => {
    if (open) closeRef.current?.focus();
    else if (wasOpen.current) launcherRef.current?.focus();
    wasOpen.current = open;
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      {open && (
        <section
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-card shadow-2xl sm:inset-auto sm:right-4 sm:bottom-24 sm:h-[500px] sm:max-h-[calc(100dvh-8rem)] sm:w-[350px] sm:rounded-2xl sm:border motion-safe:animate-menu-in"
        >
          <header className="flex items-center gap-3 bg-chat-strong px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-3 text-white sm:pt-3">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full bg-white/60 ring-2 ring-white/30"
            />
            <h2 id={titleId} className="flex-1 font-sans text-sm leading-snug font-semibold">
              Fuera de línea - Te responderemos pronto
            </h2>
            <button
              ref={closeRef}
              type="button"
              aria-label="Cerrar chat"
              onClick={() => setOpen(false)}
              className={cn(roundButton, "size-11 shrink-0 hover:bg-white/15 [--focus-ring:white]")}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </header>
          <div className="flex-1 overflow-y-auto bg-muted p-4">
            <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-card p-3 text-sm shadow-sm">
              <p>¿Tiene preguntas? Me gustaría ayudarle.</p>
              <p className="mt-1 text-xs text-muted-foreground">{businessName}</p>
            </div>
          </div>
          <div className="border-t bg-card p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] sm:pb-4">
            <a
              href={whatsappUrl(whatsappLink, "Hola, tengo una pregunta.")}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ className: "w-full bg-chat-strong hover:bg-chat-strong/90" })}
            >
              <MessageCircle aria-hidden="true" />
              Escríbenos por WhatsApp
              <span className="sr-only">(se abre en una pestaña nueva)</span>
            </a>
          </div>
        </section>
      )}
      <button
        ref={launcherRef}
        type="button"
        aria-label="Abrir chat"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
        className={cn(
          roundButton,
          "fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-50 size-14 bg-chat-strong shadow-lg hover:bg-chat-strong/90",
          open && "hidden sm:inline-flex",
        )}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-7" />
        )}
      </button>
    </>
  );
}
