import { queryRows, schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import {
  addMember,
  createTenant,
  OWN_SENDER,
  ownSender,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { ApiCallLog, type ApiCallRow } from "./call-log.ts";
import { maintainApiLogs } from "./maintain.ts";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

interface Pair {
  key: string;
  secret: string;
}
type ApiTenant = TestTenant & { sms: Pair; otp: Pair };

async function apiTenant(name: string): Promise<ApiTenant> {
  const tenant = await createTenant(t, { name });
  await f.fund(tenant, 1_000);
  await ownSender(t, tenant);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "both" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const issued = res.json().data.issued as { kind: string; key: string; secret: string }[];
  const pair = (kind: string): Pair => {
    const found = issued.find((p) => p.kind === kind);
    if (!found) throw new Error(`no ${kind} pair`);
    return { key: found.key, secret: found.secret };
  };
  return { ...tenant, sms: pair("sms"), otp: pair("otp") };
}

const basic = (p: Pair) => `Basic ${Buffer.from(`${p.key}:${p.secret}`).toString("base64")}`;

function sendSms(pair: Pair, payload: Record<string, unknown>, remoteAddress = "203.0.113.9") {
  return t.app.inject({
    method: "POST",
    url: "/api/v2/sms",
    headers: { authorization: basic(pair) },
    payload,
    remoteAddress,
  });
}

function logs(caller: Pick<TestTenant, "headers">, query = "", locale = "en") {
  return t.app.inject({
    method: "GET",
    url: `/api/v1/c/api-logs${query}`,
    headers: { ...caller.headers, "accept-language": locale },
  });
}

type Entity = {
  id: number;
  endpoint: string;
  status: number;
  error_code: string | null;
  api_key: string | null;
  key_kind: string | null;
  ip: string;
  latency_ms: number;
  message_ids: number[];
};
const entitiesOf = (res: { json: () => unknown }) =>
  (res.json() as { data: { entities: Entity[] } }).data.entities;

let a: ApiTenant;
let b: ApiTenant;
/** What A's calls were answered with, to find them in the log. */
let sentIds: number[];
let otpToken: string;
let otpPin: string;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  a = await apiTenant("Api log A");
  b = await apiTenant("Api log B");

  const sent = await sendSms(a.sms, {
    msisdn: "0812345001,0812345002",
    message: "Hello log",
    sender: OWN_SENDER,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  sentIds = (sent.json().phone_number_list as { message_id: string }[]).map((p) => Number(p.message_id));
  // A wrong secret with A's key is A's call (401); an unknown key belongs to no one.
  expect(
    (await sendSms({ key: a.sms.key, secret: "wrong" }, { msisdn: "0812345003", message: "x" })).statusCode,
  ).toBe(401);
  expect(
    (
      await sendSms(
        { key: "sk_nobody000000000000000", secret: "wrong" },
        { msisdn: "0812345003", message: "x" },
      )
    ).statusCode,
  ).toBe(401);
  const otp = await t.app.inject({
    method: "POST",
    url: "/api/v2/otp/request",
    payload: { key: a.otp.key, secret: a.otp.secret, msisdn: "0812345004" },
    remoteAddress: "198.51.100.7",
  });
  expect(otp.statusCode, otp.body).toBe(200);
  otpToken = otp.json().token;
  const [code] = await t.db
    .select({ text: sql<string>`coalesce(${schema.messages.text}, ${schema.campaigns.text})` })
    .from(schema.messages)
    .innerJoin(schema.campaigns, eq(schema.campaigns.id, schema.messages.campaignId))
    .where(eq(schema.messages.organizationId, a.organizationId))
    .orderBy(sql`${schema.messages.id} desc`)
    .limit(1);
  otpPin = /\b(\d{6})\b/.exec(code?.text ?? "")?.[1] ?? "";
  expect(otpPin).toMatch(/^\d{6}$/);
  const wrongPin = otpPin === "000000" ? "111111" : "000000";
  const verify = await t.app.inject({
    method: "POST",
    url: "/api/v2/otp/verify",
    payload: { key: a.otp.key, secret: a.otp.secret, token: otpToken, pin: wrongPin },
  });
  expect(verify.statusCode).toBe(400);
  const right = await t.app.inject({
    method: "POST",
    url: "/api/v2/otp/verify",
    payload: { key: a.otp.key, secret: a.otp.secret, token: otpToken, pin: otpPin },
  });
  expect(right.statusCode, right.body).toBe(200);
  const bCall = await sendSms(b.sms, { msisdn: "0812345005", message: "B's", sender: OWN_SENDER });
  expect(bCall.statusCode, bCall.body).toBe(201);
  await t.app.apiCallLog.flush();
});
afterAll(() => t?.close());

describe("every /api/v2 call is logged", () => {
  it("records the SMS send with its key, address, status, latency and message ids", async () => {
    const res = await logs(a, "?endpoint=/api/v2/sms&status=201");
    expect(res.statusCode, res.body).toBe(200);
    const [call, ...rest] = entitiesOf(res);
    expect(rest).toEqual([]);
    expect(call).toMatchObject({
      endpoint: "/api/v2/sms",
      method: "POST",
      status: 201,
      error_code: null,
      api_key: a.sms.key,
      key_kind: "sms",
      ip: "203.0.113.9",
    });
    expect(call?.message_ids.sort()).toEqual([...sentIds].sort());
    expect(call?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("records refused calls with their error name, under the organization of the key", async () => {
    const res = await logs(a, "?error_code=ERROR_UNAUTHORIZED");
    expect(entitiesOf(res)).toEqual([
      expect.objectContaining({ status: 401, api_key: a.sms.key, endpoint: "/api/v2/sms", message_ids: [] }),
    ]);
    const otp = entitiesOf(await logs(a, "?endpoint=/api/v2/otp/verify"));
    expect(otp.map((c) => [c.status, c.error_code])).toEqual([
      [200, null],
      [400, "ERROR_CODE_INVALID"],
    ]);
    const request = entitiesOf(await logs(a, "?endpoint=/api/v2/otp/request"));
    expect(request).toEqual([
      expect.objectContaining({ status: 200, api_key: a.otp.key, key_kind: "otp", ip: "198.51.100.7" }),
    ]);
    expect(request[0]?.message_ids).toHaveLength(1);
  });

  it("never stores a secret, an OTP code or token, or the Authorization header", async () => {
    const rows = await queryRows<Record<string, unknown>>(t.db, sql`select * from api_request_logs`);
    expect(rows.length).toBe(6);
    const stored = JSON.stringify(rows);
    for (const secret of [a.sms.secret, a.otp.secret, b.sms.secret, otpToken, basic(a.sms), "wrong"]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).not.toMatch(new RegExp(`\\b${otpPin}\\b`));
    expect(stored).not.toContain("sk_nobody");
  });

  it("finds the call that created a message, and filters by key and address", async () => {
    const byMessage = entitiesOf(await logs(a, `?message_id=${sentIds[1]}`));
    expect(byMessage.map((c) => c.endpoint)).toEqual(["/api/v2/sms"]);
    expect(entitiesOf(await logs(a, `?api_key=${a.otp.key}`)).every((c) => c.key_kind === "otp")).toBe(true);
    expect(entitiesOf(await logs(a, `?api_key=${a.otp.key}`))).toHaveLength(3);
    expect(entitiesOf(await logs(a, "?ip=198.51.100.7"))).toHaveLength(1);
    const slowestFirst = entitiesOf(await logs(a, "?sort=latency_ms&reverse=true"));
    const latencies = slowestFirst.map((c) => c.latency_ms);
    expect(latencies).toEqual([...latencies].sort((x, y) => y - x));
  });

  it("answers a bad filter with a translated message", async () => {
    const res = await logs(a, "?endpoint=/api/v1/anything&message_id=abc", "th");
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { path: string; message: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(["endpoint", "message_id"]);
    expect(details.find((d) => d.path === "endpoint")?.message).toBe("กรุณาเลือก endpoint จากรายการ");
  });
});

describe("an organization sees only its own calls", () => {
  it("lists B's call to B and none of A's", async () => {
    const mine = entitiesOf(await logs(b));
    expect(mine).toEqual([expect.objectContaining({ api_key: b.sms.key, status: 201 })]);
    expect(entitiesOf(await logs(b, `?message_id=${sentIds[0]}`))).toEqual([]);
    expect(entitiesOf(await logs(b, `?api_key=${a.sms.key}`))).toEqual([]);
  });

  it("exports only the caller's calls, in its language", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/api-logs/export?format=csv&endpoint=/api/v2/sms",
      headers: { ...a.headers, "accept-language": "en" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Time,Endpoint,HTTP status,Error code,Latency (ms),API key,IP,Message IDs");
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(a.sms.key);
    expect(res.body).not.toContain(b.sms.key);
    expect(res.body).toContain(`${sentIds[0]}`);
  });

  it("is for the owner and account service: a plain member may not read it", async () => {
    const plain = await createTenant(t, { name: "Api log plain member" });
    await addMember(t, a.organizationId, plain.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: a.organizationId })
      .where(eq(schema.users.id, plain.userId));
    const token = await signIn(t, plain.email, plain.password);
    const headers = { authorization: `Bearer ${token}` };
    expect((await logs({ headers })).statusCode).toBe(403);
    const exported = await t.app.inject({ method: "GET", url: "/api/v1/c/api-logs/export", headers });
    expect(exported.statusCode).toBe(403);
  });
});

const row = (organizationId: number, createdAt: Date): ApiCallRow => ({
  createdAt,
  organizationId,
  apiKey: "sk_test",
  keyKind: "sms",
  ip: "192.0.2.1",
  method: "GET",
  endpoint: "/api/v2/credit",
  status: 200,
  errorCode: null,
  latencyMs: 3,
  messageIds: [],
});

async function countOf(organizationId: number): Promise<number> {
  const [found] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from api_request_logs where organization_id = ${organizationId}`,
  );
  return Number(found?.n ?? 0);
}

describe("the writer: buffered, written in batches, off the request", () => {
  it("writes nothing until it flushes, then everything in batches, and the rest when closed", async () => {
    const tenant = await createTenant(t, { name: "Api log writer" });
    const log = new ApiCallLog(t.db, { flushMs: 60_000, batchRows: 2 });
    for (let i = 0; i < 5; i++) log.record(row(tenant.organizationId, new Date()));
    expect(await countOf(tenant.organizationId)).toBe(0);
    await log.flush();
    expect(await countOf(tenant.organizationId)).toBe(5);
    log.record(row(tenant.organizationId, new Date()));
    await log.close();
    expect(await countOf(tenant.organizationId)).toBe(6);
  });

  it("drops what does not fit while the database lags, and counts it", async () => {
    const tenant = await createTenant(t, { name: "Api log full" });
    const log = new ApiCallLog(t.db, { flushMs: 60_000, maxBuffered: 3 });
    for (let i = 0; i < 5; i++) log.record(row(tenant.organizationId, new Date()));
    expect(log.dropped).toBe(2);
    await log.close();
    expect(await countOf(tenant.organizationId)).toBe(3);
  });

  it("writes what the app buffered when the app closes", async () => {
    const own = await createTestApp();
    try {
      const tenant = await createTenant(own, { name: "Api log shutdown" });
      own.app.apiCallLog.record(row(tenant.organizationId, new Date()));
      await own.app.close();
      const [found] = await queryRows<{ n: number }>(
        own.db,
        sql`select count(*)::int as n from api_request_logs where organization_id = ${tenant.organizationId}`,
      );
      expect(Number(found?.n)).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe("30-day retention", () => {
  it("drops the days older than 30 days and keeps the rest", async () => {
    const tenant = await createTenant(t, { name: "Api log retention" });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    // Partitions for the old days, as the upkeep of those days would have made them.
    await t.db.execute(sql`select ensure_api_log_partitions(${day(daysAgo(40))}::date, 3)`);
    await t.db.execute(sql`select ensure_api_log_partitions(${day(daysAgo(10))}::date, 1)`);
    const log = new ApiCallLog(t.db, { flushMs: 60_000 });
    log.record(row(tenant.organizationId, daysAgo(40)));
    log.record(row(tenant.organizationId, daysAgo(39)));
    log.record(row(tenant.organizationId, daysAgo(10)));
    log.record(row(tenant.organizationId, now));
    await log.close();
    // A day no run prepared lands in the default partition; its old rows are deleted by age.
    await t.db.execute(
      sql`insert into api_request_logs_default (created_at, organization_id, ip, method, endpoint, status, latency_ms)
          values (${daysAgo(200).toISOString()}::timestamptz, ${tenant.organizationId}, '192.0.2.1', 'GET', '/api/v2/credit', 200, 1)`,
    );
    expect(await countOf(tenant.organizationId)).toBe(5);

    const upkeep = await maintainApiLogs(t.db, now);
    expect(upkeep.partitionsDropped).toBeGreaterThanOrEqual(3);
    expect(upkeep.defaultRowsDeleted).toBe(1);
    expect(await countOf(tenant.organizationId)).toBe(2);
    const [old] = await queryRows<{ name: string | null }>(
      t.db,
      sql`select to_regclass(${`api_request_logs_${day(daysAgo(40)).replaceAll("-", "")}`})::text as name`,
    );
    expect(old?.name).toBeNull();
    // The coming days are ready, and a second run changes nothing.
    const [ahead] = await queryRows<{ name: string | null }>(
      t.db,
      sql`select to_regclass(${`api_request_logs_${day(new Date(now.getTime() + 2 * 86_400_000)).replaceAll("-", "")}`})::text as name`,
    );
    expect(ahead?.name).not.toBeNull();
    expect(await maintainApiLogs(t.db, now)).toEqual({
      partitionsCreated: 0,
      partitionsDropped: 0,
      defaultRowsDeleted: 0,
    });
  });
});
