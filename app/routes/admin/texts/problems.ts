import { siteTextFormValues, siteTextSchema } from "~/lib/content-forms";
import type { SiteText } from "~/lib/site";

/**
 * Stored texts that would not save as they are (a WhatsApp link from before it became a
 * number, a free-text phone or hours the chat cannot read): shown by their fields in 'Textos'
 * until fixed, and said on the panel. The site never uses such a WhatsApp value (siteContact).
 */
export function storedTextProblems(text: SiteText): Record<string, string[]> | null {
  const parsed = siteTextSchema.safeParse(siteTextFormValues(text));
  if (parsed.success) return null;
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = [issue.message];
  }
  return out;
}
