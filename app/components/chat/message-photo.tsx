import { variantUrl } from "~/lib/images";

/** A chat photo as a thumbnail that opens the full-size picture in a new tab (issue 14). */
export function MessagePhoto({ url, label }: { url: string; label: string }) {
  const thumb = url.endsWith(".webp") ? variantUrl(url, 480) : url;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} (abrir en tamaño completo)`}
      className="block overflow-hidden rounded-lg"
    >
      <img
        src={thumb}
        alt={label}
        loading="lazy"
        decoding="async"
        className="max-h-60 w-auto max-w-full object-contain"
      />
    </a>
  );
}
