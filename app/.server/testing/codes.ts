import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from "@zxing/library";
import sharp from "sharp";

/**
 * Reads the QR code or Code 128 barcode in a picture (PNG, JPEG or SVG bytes), as a scanner or a
 * phone camera would: the print pages' tests check what their codes say, not how they look. A
 * vector picture is drawn at 150, 300 and 600 dpi in turn until one reads, as a camera tries frame
 * after frame: at 150 dpi alone about 1 QR code in 40 (some mask patterns) did not read.
 */
export async function readCode(image: Buffer, format: "qr" | "code128"): Promise<string> {
  let failure: unknown;
  for (const density of [150, 300, 600]) {
    try {
      return await readAt(image, format, density);
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}

async function readAt(image: Buffer, format: "qr" | "code128", density: number): Promise<string> {
  const { data, info } = await sharp(image, { density })
    .flatten({ background: "#ffffff" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // One luminance byte a pixel: ZXing's RGB source takes them as 0xRRGGBB ints.
  const pixels = new Int32Array(info.width * info.height);
  for (let i = 0; i < pixels.length; i++) {
    const v = data[i] ?? 255;
    pixels[i] = (v << 16) | (v << 8) | v;
  }
  const reader = new MultiFormatReader();
  const hints = new Map();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [
    format === "qr" ? BarcodeFormat.QR_CODE : BarcodeFormat.CODE_128,
  ]);
  hints.set(DecodeHintType.TRY_HARDER, true);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(pixels, info.width, info.height)),
  );
  return reader.decode(bitmap, hints).getText();
}

/** The bytes of a `data:image/svg+xml;base64,…` address. */
export const dataUriBytes = (uri: string): Buffer => Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64");
