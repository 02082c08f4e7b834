import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULEPRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY = '<link rel="modulepreload" fetchPriority="low"';

/**
 * Marks React Router's script preloads as low priority in the streamed HTML. The page is
 * server-rendered and readable without JavaScript, so on a slow phone connection the CSS, the
 * fonts and the hero image should win the bandwidth; the scripts (hydration) come right after.
 * React Router renders those links itself and offers no option for their priority.
 * A tag split across two chunks is handled by holding back a possible partial match.
 */
export function lowPriorityModulePreloads(): Transform {
  let carry = "";
  // A UTF-8 character may also be split across chunks: decode with state.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const keep = partialTail(text);
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(MODULEPRELOAD, LOW_PRIORITY));
    },
    flush(callback) {
      callback(null, (carry + decoder.end()).replaceAll(MODULEPRELOAD, LOW_PRIORITY));
    },
  });
}

/** Length of the longest end of `text` that is a proper start of the pattern. */
function partialTail(text: string): number {
  for (let n = Math.min(MODULEPRELOAD.length - 1, text.length); n > 0; n--) {
    if (MODULEPRELOAD.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}
