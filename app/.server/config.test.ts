import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      SEED_DEMO: true,
      TIME_ZONE: "America/New_York",
      TEST_HOOKS: false,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir.endsWith("/data")).toBe(true);
  });

  it("reads booleans and numbers", () => {
    const c = loadConfig({ SEED_DEMO: "false", PORT: "8080", DATABASE_URL: "postgres://u@h/db" });
    expect(c).toMatchObject({ SEED_DEMO: false, PORT: 8080, DATABASE_URL: "postgres://u@h/db" });
  });

  it("names every bad variable with a clear message", () => {
    let err: unknown;
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", TIME_ZONE: "Mars/Base", ADMIN_PASSWORD: "short" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toContain("PORT");
    expect(msg).toContain("DATABASE_URL debe empezar por postgres://");
    expect(msg).toContain("TIME_ZONE no es una zona horaria válida");
    expect(msg).toContain("ADMIN_PASSWORD debe tener al menos 8 caracteres");
  });

  it("requires the e-mail when a password is given", () => {
    expect(() => loadConfig({ OPERATOR_PASSWORD: "long-enough" })).toThrow(/OPERATOR_EMAIL es obligatorio/);
  });
});
