import bwipjs from "bwip-js/node";
import { renderSVG } from "uqr";

/**
 * The codes the print pages draw (issue 39): the tracking page's address as a QR code, for a
 * phone camera, and the tracking number as a Code 128 barcode, for a counter's scanner. Drawn on
 * the server as SVG (no script reaches the page) and handed over as data URIs for <img>.
 */

const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** A QR code of `text` with its quiet zone (4 modules, the standard's). */
export function qrCodeDataUri(text: string): string {
  return dataUri(renderSVG(text, { ecc: "M", border: 4 }));
}

/** `text` as a Code 128 barcode (bars only: the page prints the number in its own type). */
export function code128DataUri(text: string): string {
  return dataUri(
    bwipjs.toSVG({ bcid: "code128", text, scale: 3, height: 14, paddingwidth: 10, paddingheight: 2 }),
  );
}
