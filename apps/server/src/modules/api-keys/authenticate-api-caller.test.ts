import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { authenticateApiCaller, verifyApiCaller } from "./index.ts";

/** A probe route calling the building block as the /api/v2 routes will. */
function probe(app: FastifyInstance) {
  app.post("/test/api-caller", async (request) => {
    const body = request.body as { kind: "sms" | "otp"; key: string; secret: string };
    const result = await authenticateApiCaller(request, body);
    return { ...result, seenIp: request.ip };
  });
}

let t: TestContext;
/** Behind proxies in 10.0.0.0/8 (TRUST_PROXY), to check X-Forwarded-For from a trusted peer. */
let proxied: TestContext;
let tenant: TestTenant;
let sms: { key: string; secret: string };
let otp: { key: string; secret: string };

beforeAll(async () => {
  [t, proxied] = await Promise.all([
    createTestApp({ routes: probe }),
    createTestApp({ routes: probe, env: { TRUST_PROXY: "10.0.0.0/8" } }),
  ]);
  tenant = await createTenant(t, { name: "Caller Co" });
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "both" },
  });
  const issued = res.json().data.issued as { kind: string; key: string; secret: string }[];
  const pair = (kind: string) => {
    const found = issued.find((p) => p.kind === kind);
    if (!found) throw new Error(`no ${kind} pair issued`);
    return { key: found.key, secret: found.secret };
  };
  sms = pair("sms");
  otp = pair("otp");
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
});

async function attempt(
  body: { kind: "sms" | "otp"; key: string; secret: string },
  { remoteAddress = "203.0.113.9", forwardedFor }: { remoteAddress?: string; forwardedFor?: string } = {},
  app = t.app,
) {
  const res = await app.inject({
    method: "POST",
    url: "/test/api-caller",
    payload: body,
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function setWhitelist(entries: string[]) {
  await t.db.delete(schema.whitelistIps).where(eq(schema.whitelistIps.organizationId, tenant.organizationId));
  if (entries.length > 0) {
    await t.db
      .insert(schema.whitelistIps)
      .values(
        entries.map((ipAddress, i) => ({ organizationId: tenant.organizationId, name: `e${i}`, ipAddress })),
      );
  }
}

describe("authenticateApiCaller: credentials", () => {
  it("accepts the right key and secret of the right kind", async () => {
    expect(await attempt({ kind: "sms", ...sms })).toMatchObject({
      ok: true,
      organizationId: tenant.organizationId,
      keyKind: "sms",
    });
    expect(await attempt({ kind: "otp", ...otp })).toMatchObject({ ok: true, keyKind: "otp" });
  });

  it("answers the organization's API settings row with the key: none before one is saved, a saved change at once", async () => {
    expect(await attempt({ kind: "otp", ...otp })).toMatchObject({ ok: true, settings: null });
    await t.db
      .insert(schema.apiSettings)
      .values({ organizationId: tenant.organizationId, otpCodeLength: 8, otpMessageEn: "A {pin}" });
    expect(await attempt({ kind: "otp", ...otp })).toMatchObject({
      ok: true,
      settings: { otpCodeLength: 8, otpMessageEn: "A {pin}", otpResend: "new" },
    });
    // Only what the public API acts on: never the webhook secret.
    expect((await attempt({ kind: "otp", ...otp })).settings).not.toHaveProperty("webhookSecretSealed");
    await t.db
      .update(schema.apiSettings)
      .set({ otpCodeLength: 4 })
      .where(eq(schema.apiSettings.organizationId, tenant.organizationId));
    expect(await attempt({ kind: "sms", ...sms })).toMatchObject({ settings: { otpCodeLength: 4 } });
    await t.db.delete(schema.apiSettings).where(eq(schema.apiSettings.organizationId, tenant.organizationId));
  });

  it("refuses a wrong secret, an unknown key and a key of the other kind alike", async () => {
    const refused = { ok: false, failure: "invalid_credentials" };
    expect(await attempt({ kind: "sms", key: sms.key, secret: otp.secret })).toMatchObject(refused);
    expect(
      await attempt({ kind: "sms", key: "sk_doesnotexist000000000000", secret: sms.secret }),
    ).toMatchObject(refused);
    expect(await attempt({ kind: "otp", ...sms })).toMatchObject(refused);
    expect(await attempt({ kind: "sms", key: "", secret: "" })).toMatchObject(refused);
    expect(await attempt({ kind: "sms", key: sms.key.repeat(10), secret: sms.secret })).toMatchObject(
      refused,
    );
    expect(await attempt({ kind: "sms", key: sms.key, secret: `${sms.secret}x` })).toMatchObject(refused);
  });

  it("takes about as long for an unknown key as for a wrong secret", async () => {
    const deps = { db: t.db, pepper: t.app.config.apiKeyPepper };
    const once = async (key: string) => {
      const start = process.hrtime.bigint();
      const result = await verifyApiCaller(deps, { kind: "sms", key, secret: "wrong", ip: "203.0.113.9" });
      expect(result).toMatchObject({ ok: false, failure: "invalid_credentials" });
      return Number(process.hrtime.bigint() - start);
    };
    const median = (samples: number[]) => samples.sort((a, b) => a - b)[samples.length >> 1] ?? 0;
    // Alternating the two keys puts both under the same load (other test files run beside this one).
    const knownSamples: number[] = [];
    const unknownSamples: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const k = await once(sms.key);
      const u = await once("sk_doesnotexist000000000000");
      if (i >= 10) {
        knownSamples.push(k);
        unknownSamples.push(u);
      }
    }
    const known = median(knownSamples);
    const unknown = median(unknownSamples);
    // Both paths run one indexed lookup and one HMAC + constant-time compare; a coarse bound catches
    // a path that skips (or adds) real work without failing on scheduler noise.
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });

  it("refuses a suspended organization until the suspension ends", async () => {
    const o = schema.organizations;
    const until = new Date(Date.now() + 3_600_000);
    await t.db
      .update(o)
      .set({ suspendedAt: new Date(), suspendedUntil: until, suspensionReason: "pumping" })
      .where(eq(o.id, tenant.organizationId));
    try {
      expect(await attempt({ kind: "sms", ...sms })).toMatchObject({
        ok: false,
        failure: "suspended",
        suspendedUntil: until.toISOString(),
        suspensionReason: "pumping",
      });
      const later = await verifyApiCaller(
        { db: t.db, pepper: t.app.config.apiKeyPepper },
        { kind: "sms", ...sms, ip: "203.0.113.9", now: new Date(until.getTime() + 1) },
      );
      expect(later).toMatchObject({ ok: true });
    } finally {
      await t.db
        .update(o)
        .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
        .where(eq(o.id, tenant.organizationId));
    }
  });
});

describe("authenticateApiCaller: IP whitelist", () => {
  afterAll(() => setWhitelist([]));

  it("allows every address while the list is empty", async () => {
    await setWhitelist([]);
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "198.51.100.200" })).toMatchObject({
      ok: true,
    });
  });

  it("allows listed addresses and CIDR ranges and refuses the rest", async () => {
    await setWhitelist(["203.0.113.9", "192.0.2.0/24"]);
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "203.0.113.9" })).toMatchObject({
      ok: true,
    });
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "192.0.2.254" })).toMatchObject({
      ok: true,
    });
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "192.0.3.1" })).toMatchObject({
      ok: false,
      failure: "ip_not_allowed",
      ip: "192.0.3.1",
    });
  });

  it("matches IPv6 addresses and ranges, and IPv4-mapped IPv6 as IPv4", async () => {
    await setWhitelist(["2001:db8:abcd::/48", "192.0.2.0/24"]);
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "2001:db8:abcd:12::5" })).toMatchObject({
      ok: true,
    });
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "2001:db8:abce::5" })).toMatchObject({
      failure: "ip_not_allowed",
    });
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "::ffff:192.0.2.7" })).toMatchObject({
      ok: true,
    });
    expect(await attempt({ kind: "sms", ...sms }, { remoteAddress: "::ffff:192.0.3.7" })).toMatchObject({
      failure: "ip_not_allowed",
    });
  });

  it("checks the whitelist only after the secret, so a wrong secret learns nothing more", async () => {
    await setWhitelist(["192.0.2.0/24"]);
    expect(
      await attempt({ kind: "sms", key: sms.key, secret: "nope" }, { remoteAddress: "198.51.100.1" }),
    ).toMatchObject({ failure: "invalid_credentials" });
  });

  it("ignores X-Forwarded-For from an untrusted peer", async () => {
    await setWhitelist(["192.0.2.0/24"]);
    const spoofed = await attempt(
      { kind: "sms", ...sms },
      { remoteAddress: "198.51.100.1", forwardedFor: "192.0.2.7" },
    );
    expect(spoofed).toMatchObject({
      ok: false,
      failure: "ip_not_allowed",
      ip: "198.51.100.1",
      seenIp: "198.51.100.1",
    });
  });

  it("uses X-Forwarded-For from a trusted proxy, and only the hops it vouches for", async () => {
    // The same organization's pair, checked through the app configured with TRUST_PROXY=10.0.0.0/8.
    const key = await copyTenantTo(proxied);
    const allowed = await attempt(key, { remoteAddress: "10.1.2.3", forwardedFor: "192.0.2.7" }, proxied.app);
    expect(allowed).toMatchObject({ ok: true, seenIp: "192.0.2.7" });
    // A client's own forged entry left of the real one is not believed.
    const forged = await attempt(
      key,
      { remoteAddress: "10.1.2.3", forwardedFor: "192.0.2.7, 198.51.100.1" },
      proxied.app,
    );
    expect(forged).toMatchObject({ ok: false, failure: "ip_not_allowed", ip: "198.51.100.1" });
    // An untrusted peer's header is ignored there too.
    const direct = await attempt(
      key,
      { remoteAddress: "198.51.100.1", forwardedFor: "192.0.2.7" },
      proxied.app,
    );
    expect(direct).toMatchObject({ failure: "ip_not_allowed", ip: "198.51.100.1" });
  });
});

/** A tenant with an SMS pair and the 192.0.2.0/24 whitelist in the other app's database. */
async function copyTenantTo(ctx: TestContext) {
  const owner = await createTenant(ctx, { name: "Proxied Co" });
  const res = await ctx.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${owner.organizationId}/api-key`,
    headers: owner.headers,
    payload: { kind: "sms" },
  });
  const [pair] = res.json().data.issued as { key: string; secret: string }[];
  if (!pair) throw new Error(`no pair issued: ${res.body}`);
  await ctx.db
    .insert(schema.whitelistIps)
    .values({ organizationId: owner.organizationId, name: "LAN", ipAddress: "192.0.2.0/24" });
  return { kind: "sms" as const, key: pair.key, secret: pair.secret };
}
