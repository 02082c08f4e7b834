/**
 * A browser's User-Agent header in words for staff (issue 41): 'Android · Chrome', 'iPhone ·
 * Safari', 'Windows · Edge'. Only what helps to answer a customer ("tap the button at the
 * bottom"), never a fingerprint: no versions, no models. Pure and browser-safe.
 */

export const UNKNOWN_BROWSER = "Navegador desconocido";

/** The first rule that matches wins: more specific systems before the ones they imitate. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\biPod\b/, "iPod"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "Chromebook"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

/**
 * Browsers that carry another one's name in their header come first: Edge and Opera and Samsung
 * Internet say 'Chrome', Chrome says 'Safari', the apps' own browsers say both.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bFBAN\/|\bFBAV\//, "Facebook"],
  [/\bInstagram\b/, "Instagram"],
  [/\bWhatsApp\//, "WhatsApp"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOPT\/|\bOpera\b/, "Opera"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\//, "Chrome"],
  [/;\s?wv\)/, "WebView"],
  [/\bChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bAppleWebKit\/.*\bMobile\//, "Safari"],
];

const first = (ua: string, rules: ReadonlyArray<[RegExp, string]>) =>
  rules.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/** 'Android · Chrome'; one of the two when the other is unknown; 'Navegador desconocido' when both are. */
export function describeUserAgent(ua: string | null | undefined): string {
  const header = (ua ?? "").slice(0, 512);
  const system = first(header, SYSTEMS);
  const browser = first(header, BROWSERS);
  if (system && browser) return `${system} · ${browser}`;
  return system ?? browser ?? UNKNOWN_BROWSER;
}
