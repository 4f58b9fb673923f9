import { schema } from "@sms/db";
import { MEMBER_ROLE, WHITELIST_MAX_ENTRIES } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { callerAddress } from "./whitelist-ips.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
let member: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Whitelist Co" });
  other = await createTenant(t, { name: "Other Whitelist Co" });
  member = await createTenant(t, { name: "Whitelist Member" });
  await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
  await t.db
    .update(schema.users)
    .set({ defaultOrganizationId: owner.organizationId })
    .where(eq(schema.users.id, member.userId));
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";

function call(
  caller: Pick<TestTenant, "headers">,
  method: Method,
  url: string,
  payload?: object,
  locale = "en",
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

async function create(caller: TestTenant, name: string, ip_address: string) {
  const res = await call(caller, "POST", "/c/whitelist-ips", { name, ip_address });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; ip_address: string; created_at: string };
}

describe("/c/whitelist-ips", () => {
  it("adds addresses and ranges in their canonical form and lists them newest first", async () => {
    const office = await create(owner, " Office ", "203.0.113.7");
    const v6 = await create(owner, "Cloud", "2001:0DB8:0000::/32");
    const mapped = await create(owner, "Mapped", "::ffff:198.51.100.0/120");
    expect(office).toMatchObject({ name: "Office", ip_address: "203.0.113.7" });
    expect(v6.ip_address).toBe("2001:db8::/32");
    expect(mapped.ip_address).toBe("198.51.100.0/24");

    const res = await call(owner, "GET", "/c/whitelist-ips");
    expect(res.statusCode, res.body).toBe(200);
    const { entities, page_information } = res.json().data;
    expect(entities.map((e: { id: number }) => e.id)).toEqual([mapped.id, v6.id, office.id]);
    expect(page_information).toMatchObject({ page: 1, total_item: 3, limit: 5 });

    const searched = await call(owner, "GET", "/c/whitelist-ips?search=2001:db8");
    expect(searched.json().data.entities.map((e: { id: number }) => e.id)).toEqual([v6.id]);
  });

  it("refuses the same address twice, however it is written", async () => {
    await create(owner, "Gateway", "2001:db8:1::1");
    const again = await call(
      owner,
      "POST",
      "/c/whitelist-ips",
      { name: "Again", ip_address: "2001:DB8:1:0::0:1" },
      "th",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: "CONFLICT",
      details: [{ path: "ip_address", message: "ที่อยู่ IP นี้อยู่ในรายการแล้ว" }],
    });
    // Another organization may list the same address.
    await create(other, "Gateway", "2001:db8:1::1");
  });

  it("explains a bad address, prefix or range in Thai and English", async () => {
    const bad = await call(owner, "POST", "/c/whitelist-ips", { name: "", ip_address: "300.1.1.1" }, "th");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      { path: "name", message: "กรุณากรอกชื่อของที่อยู่ IP นี้" },
      {
        path: "ip_address",
        message: "ที่อยู่ IP ไม่ถูกต้อง ต้องเป็น IPv4 หรือ IPv6 เช่น 203.0.113.7, 10.0.0.0/8 หรือ 2001:db8::/32",
      },
    ]);
    const prefix = await call(owner, "POST", "/c/whitelist-ips", { name: "x", ip_address: "10.0.0.0/33" });
    expect(prefix.json().error.details).toEqual([
      { path: "ip_address", message: "The prefix length after / must be 0–32 for IPv4 or 0–128 for IPv6." },
    ]);
    const host = await call(owner, "POST", "/c/whitelist-ips", { name: "x", ip_address: "192.168.1.5/24" });
    expect(host.json().error.details[0].message).toMatch(/^A range must start at its network address/);
  });

  it("renames an entry or changes its address", async () => {
    const entry = await create(owner, "Old name", "192.0.2.10");
    const renamed = await call(owner, "PATCH", `/c/whitelist-ips/${entry.id}`, { name: "New name" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toEqual({ ...entry, name: "New name" });
    const moved = await call(owner, "PATCH", `/c/whitelist-ips/${entry.id}`, { ip_address: "192.0.2.0/28" });
    expect(moved.json().data.ip_address).toBe("192.0.2.0/28");
    const taken = await call(owner, "PATCH", `/c/whitelist-ips/${entry.id}`, { ip_address: "203.0.113.7" });
    expect(taken.statusCode).toBe(409);
    const empty = await call(owner, "PATCH", `/c/whitelist-ips/${entry.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].message).toBe("Please change the name or the address.");
  });

  it("deletes an entry", async () => {
    const entry = await create(owner, "Temporary", "192.0.2.99");
    const res = await call(owner, "DELETE", `/c/whitelist-ips/${entry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: entry.id });
    expect((await call(owner, "DELETE", `/c/whitelist-ips/${entry.id}`)).statusCode).toBe(404);
  });

  it("lets members read the list but only the owner change it", async () => {
    const list = await call(member, "GET", "/c/whitelist-ips");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.page_information.total_item).toBeGreaterThan(0);
    const refused = await call(member, "POST", "/c/whitelist-ips", {
      name: "Mine",
      ip_address: "192.0.2.50",
    });
    expect(refused.statusCode).toBe(403);
  });

  it("caps the list", async () => {
    const crowded = await createTenant(t, { name: "Crowded" });
    await t.db.insert(schema.whitelistIps).values(
      Array.from({ length: WHITELIST_MAX_ENTRIES }, (_, i) => ({
        organizationId: crowded.organizationId,
        name: `n${i}`,
        ipAddress: `10.0.${Math.floor(i / 256)}.${i % 256}`,
      })),
    );
    const res = await call(crowded, "POST", "/c/whitelist-ips", {
      name: "one more",
      ip_address: "10.1.0.0/16",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `The whitelist holds at most ${WHITELIST_MAX_ENTRIES} entries. Remove unused ones or use a CIDR range instead.`,
    );
  });

  it("answers 404 for another organization's entries", async () => {
    const entry = await create(owner, "Private", "198.51.100.77");
    await expectCrossTenant404(t, other, [
      { method: "PATCH", url: `/api/v1/c/whitelist-ips/${entry.id}`, payload: { name: "Stolen" } },
      { method: "DELETE", url: `/api/v1/c/whitelist-ips/${entry.id}` },
    ]);
    const others = await call(other, "GET", "/c/whitelist-ips");
    expect(others.json().data.entities.map((e: { id: number }) => e.id)).not.toContain(entry.id);
    const [row] = await t.db.select().from(schema.whitelistIps).where(eq(schema.whitelistIps.id, entry.id));
    expect(row?.name).toBe("Private");
  });

  it("tells any member the address they call from, in the whitelist's form (review D45)", async () => {
    const from = async (caller: Pick<TestTenant, "headers">, remoteAddress: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/c/whitelist-ips/caller",
        headers: caller.headers,
        remoteAddress,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.ip_address as string | null;
    };
    expect(await from(owner, "::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(await from(member, "2001:0db8:0000:0000:0000:0000:0000:0005")).toBe("2001:db8::5");
    const signedOut = await t.app.inject({ method: "GET", url: "/api/v1/c/whitelist-ips/caller" });
    expect(signedOut.statusCode).toBe(401);
  });

  it("has no address to offer when the request's is not one", () => {
    expect(callerAddress(undefined)).toBeNull();
    expect(callerAddress("unix-socket")).toBeNull();
    expect(callerAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
  });
});
