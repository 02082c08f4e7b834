import { displayPhone, parsePhone } from "./phone";
import { telHref } from "./phone-links";
import type { SiteContact, SiteText } from "./site";

/**
 * One number, many links (docs/product.md §4.9): the contact phone and the WhatsApp number are
 * stored numbers (E.164) in the site texts; every `tel:` and `wa.me` link of the site is built
 * from what siteContact returns, on the server, for the root loader. A stored value that is not a
 * valid number is never used for WhatsApp: the buttons fall back to the contact phone, and the
 * admin sees the value to fix in 'Textos'.
 */
export function siteContact(text: Pick<SiteText, "contactPhone" | "whatsappNumber">): SiteContact {
  const phone = parsePhone(text.contactPhone)?.e164 ?? null;
  const own = text.whatsappNumber.trim() ? (parsePhone(text.whatsappNumber)?.e164 ?? null) : null;
  const whatsapp = own ?? phone;
  return {
    phone: phone ?? text.contactPhone,
    phoneDisplay: displayPhone(phone ?? text.contactPhone),
    phoneHref: telHref(phone ?? text.contactPhone),
    whatsapp,
    whatsappDisplay: whatsapp ? displayPhone(whatsapp) : null,
    sameNumber: !text.whatsappNumber.trim(),
  };
}
