import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createTestDb, testConfig } from "./test/test-app.ts";

describe("TRUST_PROXY parsing", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/sms-test-data" };
  const trust = (value?: string) => loadConfig({ ...base, TRUST_PROXY: value }).trustProxy;

  it("is off when unset, empty or false", () => {
    expect(trust(undefined)).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
  });

  it("reads a hop count or a list of addresses and CIDR ranges", () => {
    expect(trust("2")).toBe(2);
    expect(trust("127.0.0.1/8, 10.0.0.0/8,::1")).toEqual(["127.0.0.1/8", "10.0.0.0/8", "::1"]);
    expect(trust("loopback")).toEqual(["loopback"]);
  });

  it("refuses trusting every peer and anything that is not an address", () => {
    expect(() => trust("true")).toThrow(/TRUST_PROXY/);
    expect(() => trust("0")).toThrow(/TRUST_PROXY/);
    expect(() => trust("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => trust("proxy.example.com")).toThrow(/TRUST_PROXY/);
  });
});

/** The address the app sees, through a route added only for this test. */
async function appWith(env: NodeJS.ProcessEnv) {
  const { db, drop } = await createTestDb();
  const app = await buildApp({ config: testConfig(env), dbHandle: db, logger: false, serveWeb: false });
  app.get("/test/ip", async (request) => ({ ip: request.ip }));
  await app.ready();
  const close = async () => {
    await app.close();
    await drop();
  };
  return { app, close };
}

const ipSeen = async (app: FastifyInstance, forwardedFor: string, remoteAddress = "127.0.0.1") =>
  (
    await app.inject({
      method: "GET",
      url: "/test/ip",
      headers: { "x-forwarded-for": forwardedFor },
      remoteAddress,
    })
  ).json().ip;

describe("client address behind proxies", () => {
  const apps: { close: () => Promise<void> }[] = [];
  let off: FastifyInstance;
  let cidr: FastifyInstance;
  let hops: FastifyInstance;
  beforeAll(async () => {
    const built = await Promise.all([
      appWith({}),
      appWith({ TRUST_PROXY: "127.0.0.1/8" }),
      appWith({ TRUST_PROXY: "1" }),
    ]);
    apps.push(...built);
    [off, cidr, hops] = built.map((b) => b.app) as [FastifyInstance, FastifyInstance, FastifyInstance];
  });
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it("ignores a forged X-Forwarded-For by default", async () => {
    expect(await ipSeen(off, "1.2.3.4")).toBe("127.0.0.1");
  });

  it("honours X-Forwarded-For from a trusted range only", async () => {
    expect(await ipSeen(cidr, "1.2.3.4")).toBe("1.2.3.4");
    expect(await ipSeen(cidr, "1.2.3.4", "198.51.100.7")).toBe("198.51.100.7");
  });

  it("takes the address one hop back with a hop count of 1", async () => {
    expect(await ipSeen(hops, "9.9.9.9, 1.2.3.4")).toBe("1.2.3.4");
  });
});
