import { MapPin, Navigation } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** A maps-service search for an address (docs/product.md §2.8), opened in a new tab. */
function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * The map of the shop (docs/product.md §2.8). The embed (a heavy third-party page that also sets
 * cookies) loads only when the visitor asks for it, so it never slows the page down;
 * 'Cómo llegar' opens a maps search for the address in a new tab.
 */
export function MapCard({ address }: { address: string }) {
  const [show, setShow] = useState(false);
  const embed = `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=15&output=embed`;
  return (
    <Card className="overflow-hidden">
      <div className="relative aspect-[4/3] bg-[#e8efe4] sm:aspect-[16/9]">
        {show ? (
          <iframe
            src={embed}
            title={`Mapa: ${address}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
            {/* A drawn street grid as a stand-in, so the card never looks empty. */}
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[linear-gradient(90deg,transparent_46%,#fff_46%,#fff_50%,transparent_50%),linear-gradient(0deg,transparent_60%,#fff_60%,#fff_64%,transparent_64%),linear-gradient(90deg,#d8e6d2_1px,transparent_1px),linear-gradient(0deg,#d8e6d2_1px,transparent_1px)] bg-[size:100%_100%,100%_100%,48px_48px,48px_48px]"
            />
            <span className="relative flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg">
              <MapPin aria-hidden="true" className="size-7" />
            </span>
            <p className="relative max-w-xs rounded-lg bg-card/90 px-3 py-1.5 text-sm font-medium shadow-sm">
              {address}
            </p>
            <Button variant="outline" className="relative" onClick={() => setShow(true)}>
              Mostrar mapa
            </Button>
          </div>
        )}
      </div>
      <div className="p-4">
        <a
          href={mapsSearchUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ className: "w-full" })}
        >
          <Navigation aria-hidden="true" />
          Cómo llegar
          <span className="sr-only">(se abre en una pestaña nueva)</span>
        </a>
      </div>
    </Card>
  );
}
