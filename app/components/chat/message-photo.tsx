import { useState } from "react";
import { variantUrl } from "~/lib/images";

/**
 * A chat photo as a thumbnail that opens the full-size picture in a new tab (ADR 0013). A
 * thumbnail that failed to load (a phone's network coming back) is tried again a few times.
 */
export function MessagePhoto({ url, label }: { url: string; label: string }) {
  const [attempt, setAttempt] = useState(0);
  const thumb = url.endsWith(".webp") ? variantUrl(url, 480) : url;
  const src = attempt === 0 ? thumb : `${thumb}${thumb.includes("?") ? "&" : "?"}retry=${attempt}`;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} (abrir en tamaño completo)`}
      className="block overflow-hidden rounded-lg"
    >
      <img
        src={src}
        alt={label}
        loading="lazy"
        decoding="async"
        onError={() => {
          if (attempt < 3) setTimeout(() => setAttempt((a) => a + 1), 1500 * (attempt + 1));
        }}
        className="max-h-60 w-auto max-w-full object-contain"
      />
    </a>
  );
}
