import { describe, expect, it } from "vitest";
import { acceptsEncoding } from "./encodings";

describe("Accept-Encoding", () => {
  it("allows a coding named or matched by * with a quality above 0", () => {
    expect(acceptsEncoding("gzip, deflate, br", "br")).toBe(true);
    expect(acceptsEncoding("gzip;q=0.5", "gzip")).toBe(true);
    expect(acceptsEncoding("*", "gzip")).toBe(true);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
  });

  it("refuses a coding given q=0, even when * allows the rest (third round, low findings)", () => {
    expect(acceptsEncoding("gzip;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("GZIP; q=0.000, br", "gzip")).toBe(false);
    expect(acceptsEncoding("*, gzip;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("*;q=0", "br")).toBe(false);
  });
});
