import { describe, expect, it } from "vitest";
import { dataUriBytes, readCode } from "../testing/codes";
import { code128DataUri, qrCodeDataUri } from "./print-codes";

describe("the print pages' codes", () => {
  it("a phone camera reads the QR code as the tracking page's address", async () => {
    const url = "https://tienda.example/seguimiento?numero=TRK-2026-8CUCJB";
    expect(await readCode(dataUriBytes(qrCodeDataUri(url)), "qr")).toBe(url);
  });

  it("a scanner reads the barcode as the tracking number", async () => {
    expect(await readCode(dataUriBytes(code128DataUri("TRK-2026-8CUCJB")), "code128")).toBe(
      "TRK-2026-8CUCJB",
    );
  });

  it("a picture without a code is not read as one", async () => {
    const blank = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"/>');
    await expect(readCode(blank, "qr")).rejects.toThrow();
  });
});
