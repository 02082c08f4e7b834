/**
 * Whether a request's Accept-Encoding allows `coding`: named (or matched by `*`) with a quality
 * above 0. `gzip;q=0` refuses gzip, however the header lists it. Among codings it allows, the
 * server keeps its own preference (brotli before gzip), as browsers list them in no useful order.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  let star: number | null = null;
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    if (name === coding) return quality > 0;
    if (name === "*") star = quality;
  }
  return star !== null && star > 0;
}
