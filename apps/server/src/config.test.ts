import { describe, expect, it } from "vitest";
import { DEV_ADMIN_PASSWORD, loadConfig } from "./config.ts";
import { WORKER_NICE } from "./platform/worker-pool.ts";

const base = { DATA_DIR: "/tmp/sms-config-test", JWT_SECRET: "x".repeat(32), API_KEY_PEPPER: "p".repeat(32) };

describe("loadConfig: admin password", () => {
  it("tells a configured ADMIN_PASSWORD from the development default", () => {
    const defaulted = loadConfig({ ...base, NODE_ENV: "development" });
    expect(defaulted.adminPassword).toBe(DEV_ADMIN_PASSWORD);
    expect(defaulted.adminPasswordSet).toBe(false);
    const set = loadConfig({ ...base, NODE_ENV: "development", ADMIN_PASSWORD: "chosen-pass-1" });
    expect(set.adminPassword).toBe("chosen-pass-1");
    expect(set.adminPasswordSet).toBe(true);
  });

  it("refuses the development password in production", () => {
    expect(() => loadConfig({ ...base, NODE_ENV: "production", ADMIN_PASSWORD: DEV_ADMIN_PASSWORD })).toThrow(
      /ADMIN_PASSWORD must not be the development password/,
    );
    expect(
      loadConfig({ ...base, NODE_ENV: "production", ADMIN_PASSWORD: "a-real-secret-9" }).production,
    ).toBe(true);
  });

  it("refuses an ADMIN_PASSWORD longer than a sign-in accepts", () => {
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: "a".repeat(129) })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe("loadConfig: SESSION_MAX_AGE", () => {
  it("defaults to 30 days and accepts seconds", () => {
    expect(loadConfig(base).sessionMaxAge).toBe(30 * 24 * 3600);
    expect(loadConfig({ ...base, SESSION_MAX_AGE: "3600" }).sessionMaxAge).toBe(3600);
    expect(() => loadConfig({ ...base, SESSION_MAX_AGE: "10" })).toThrow(/SESSION_MAX_AGE/);
  });
});

describe("loadConfig: HEAVY_WORK_NICE (ADR 120)", () => {
  it("runs heavy work below the server's priority by default, and takes 0 to 19", () => {
    expect(loadConfig(base).heavyWork.nice).toBe(WORKER_NICE);
    expect(loadConfig({ ...base, HEAVY_WORK_NICE: "0" }).heavyWork.nice).toBe(0);
    expect(() => loadConfig({ ...base, HEAVY_WORK_NICE: "20" })).toThrow(/HEAVY_WORK_NICE/);
  });
});

describe("loadConfig: API_KEY_PEPPER", () => {
  it("is required in production and derived from the JWT secret elsewhere", () => {
    const { API_KEY_PEPPER: _, ...withoutPepper } = base;
    expect(() =>
      loadConfig({ ...withoutPepper, NODE_ENV: "production", ADMIN_PASSWORD: "a-real-secret-9" }),
    ).toThrow(/API_KEY_PEPPER/);
    expect(loadConfig({ ...withoutPepper, NODE_ENV: "development" }).apiKeyPepper).toBe(
      `api-key-pepper:${"x".repeat(32)}`,
    );
    expect(loadConfig(base).apiKeyPepper).toBe("p".repeat(32));
    expect(() => loadConfig({ ...base, API_KEY_PEPPER: "short" })).toThrow(/API_KEY_PEPPER/);
  });
});

describe("loadConfig: WEBHOOK_DENY_CIDRS", () => {
  it("is empty by default and reads comma-separated addresses and CIDRs", () => {
    expect(loadConfig(base).webhooks.denyCidrs).toEqual([]);
    expect(
      loadConfig({ ...base, WEBHOOK_DENY_CIDRS: " 203.0.113.0/24, 2001:db8::/32,198.51.100.7 ," }).webhooks
        .denyCidrs,
    ).toEqual(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7"]);
  });

  it("refuses to start with an entry that is not an address or CIDR", () => {
    for (const bad of ["example.com", "10.0.0.0/33", "10.0.0.0/", "::/129", "10.0.0.0/8/8"]) {
      expect(() => loadConfig({ ...base, WEBHOOK_DENY_CIDRS: bad }), bad).toThrow(/WEBHOOK_DENY_CIDRS/);
    }
  });
});

describe("loadConfig: a development instance stays on this machine (review I5)", () => {
  const prod = { ...base, NODE_ENV: "production", ADMIN_PASSWORD: "a-real-secret-9" };

  it("listens on loopback by default outside production, on every address in production", () => {
    expect(loadConfig(base).host).toBe("localhost");
    expect(loadConfig({ ...base, NODE_ENV: "development", HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
    expect(loadConfig({ ...base, HOST: "::1", PUBLIC_URL: "http://[::1]:3000" }).host).toBe("::1");
    expect(loadConfig(prod).host).toBe("0.0.0.0");
  });

  it("refuses a development start that others could reach, by its address or its public URL", () => {
    for (const env of [
      { HOST: "0.0.0.0" },
      { HOST: "203.0.113.7" },
      { HOST: "::" },
      { PUBLIC_URL: "https://sms.example.com" },
      { NODE_ENV: "development", HOST: "127.0.0.1", PUBLIC_URL: "http://10.0.0.5:3000" },
    ]) {
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(
        /NODE_ENV is development .* DEVELOPMENT_ON_NETWORK=true/,
      );
    }
  });

  it("starts so when asked to, and never asks production or the tests", () => {
    const open = { HOST: "0.0.0.0", PUBLIC_URL: "https://dev.example.com" };
    expect(loadConfig({ ...base, ...open, DEVELOPMENT_ON_NETWORK: "true" }).host).toBe("0.0.0.0");
    expect(loadConfig({ ...prod, ...open }).production).toBe(true);
    expect(loadConfig({ ...base, ...open, NODE_ENV: "test" }).host).toBe("0.0.0.0");
  });
});

describe("loadConfig: OPENAPI_DOCS (review I1)", () => {
  it("describes the public API only in production unless asked for the whole document", () => {
    const prod = { ...base, NODE_ENV: "production", ADMIN_PASSWORD: "a-real-secret-9" };
    expect(loadConfig(prod).openapiDocs).toBe("public");
    expect(loadConfig({ ...prod, OPENAPI_DOCS: "full" }).openapiDocs).toBe("full");
    expect(loadConfig(base).openapiDocs).toBe("full");
    expect(() => loadConfig({ ...base, OPENAPI_DOCS: "all" })).toThrow(/OPENAPI_DOCS/);
  });
});
