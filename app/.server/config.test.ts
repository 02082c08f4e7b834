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

  it("trusts proxies only by hop count or address, and refuses TRUST_PROXY=true", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback,::1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "loopback",
      "::1",
    ]);
    for (const bad of ["true", "yes", "*", "10.0.0.0/33", "proxy.local", "99"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/número de proxies .* o sus direcciones/);
  });

  it("takes PUBLIC_URL as an origin only", () => {
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: "https://MiniMarket.example/" }).PUBLIC_URL).toBe(
      "https://minimarket.example",
    );
    expect(() => loadConfig({ PUBLIC_URL: "https://minimarket.example/tienda" })).toThrow(/solo el origen/);
    expect(() => loadConfig({ PUBLIC_URL: "ftp://minimarket.example" })).toThrow(/PUBLIC_URL/);
  });

  it("has defaults for the stream and session limits", () => {
    expect(loadConfig({})).toMatchObject({
      STREAMS_PER_ADDRESS: 20,
      STREAMS_MAX: 5000,
      STREAM_LIFETIME_SECONDS: 1800,
      SESSION_MAX_DAYS: 30,
    });
  });
});
