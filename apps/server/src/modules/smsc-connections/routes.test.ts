import { schema } from "@sms/db";
import {
  buildPath,
  smscConnectionsEndpoints,
  smscRoutesEndpoints,
  type TSmscConnection,
  type TSmscRoute,
} from "@sms/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayRegistry } from "../../gateway/registry.ts";
import { LocalSmsc } from "../../gateway/smpp/local-smsc.ts";
import { type MessageKey, translate } from "../../i18n/index.ts";
import { createServices } from "../../platform/services.ts";
import { jobContextOf, jobsIn } from "../../test/jobs.ts";
import { seedCampaign } from "../../test/messages.ts";
import { errorOf } from "../../test/sends.ts";
import { createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext, testConfig } from "../../test/test-app.ts";
import { dispatchChunk, startReportProcessing } from "../engine/index.ts";
import { recordHealth } from "./connection-health.ts";
import { runConnectionCheck } from "./jobs.ts";
import { createConnectionSource, secretBoxOf } from "./source.ts";

type Json = Record<string, unknown>;

let t: TestContext;
let staff: { authorization: string };
let customer: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  staff = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
  customer = await createTenant(t, { name: "Acme Widgets" });
});
afterAll(() => t.close());

const call = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: Json,
  headers: Json = staff,
  locale = "en",
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
const list = async () =>
  (await call("GET", "/admin/smsc-connections")).json().data as {
    entities: TSmscConnection[];
    can_store_passwords: boolean;
  };
const registry = () => t.app.smsGateway as GatewayRegistry;
const smpp = (name: string, port: number, extra: Json = {}) => ({
  name,
  kind: "smpp",
  host: "127.0.0.1",
  port,
  system_id: "portal",
  password: "secret",
  ...extra,
});

describe("SMSC connections in the back office", () => {
  it("answers 404 to a customer and 401 to no one on every endpoint", async () => {
    for (const endpoint of [
      ...Object.values(smscConnectionsEndpoints),
      ...Object.values(smscRoutesEndpoints),
    ]) {
      const url = `/api/v1${buildPath(endpoint.path, endpoint.path.includes("{") ? { id: 1 } : undefined)}`;
      const asCustomer = await t.app.inject({
        method: endpoint.method,
        url,
        headers: customer.headers,
        payload: {},
      });
      expect({ url, status: asCustomer.statusCode }).toEqual({ url, status: 404 });
      const anonymous = await t.app.inject({ method: endpoint.method, url, payload: {} });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it("starts with the environment's connection (the simulator here), active, and sends through it", async () => {
    const { entities, can_store_passwords } = await list();
    expect(can_store_passwords).toBe(true);
    expect(entities).toEqual([
      expect.objectContaining({
        kind: "simulator",
        name: "Simulator (environment)",
        enabled: true,
        active: true,
        password: "none",
      }),
    ]);
    expect(await registry().activeConnectionId()).toBe(entities[0]?.id);
  });

  it("stores a new SMPP connection's password sealed, never answers it, and audits without it", async () => {
    const res = await call(
      "POST",
      "/admin/smsc-connections",
      smpp("Operator A", 2775, { enabled: false, tps: 120 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as TSmscConnection;
    expect(created).toMatchObject({
      name: "Operator A",
      kind: "smpp",
      password: "stored",
      enabled: false,
      active: false,
      tps: 120,
    });
    expect(res.body).not.toContain("secret");
    const [row] = await t.db
      .select()
      .from(schema.smscConnections)
      .where(eq(schema.smscConnections.id, created.id));
    expect(row?.passwordEncrypted).not.toContain("secret");
    expect(secretBoxOf(t.app.config)?.open(row?.passwordEncrypted ?? "")).toBe("secret");
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "smsc_connections.create"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.after)).not.toContain("secret");

    const changed = await call("PATCH", `/admin/smsc-connections/${created.id}`, { password: "n3w" });
    expect(changed.statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(schema.smscConnections)
      .where(eq(schema.smscConnections.id, created.id));
    expect(secretBoxOf(t.app.config)?.open(after?.passwordEncrypted ?? "")).toBe("n3w");
    expect(after?.version).toBe((row?.version ?? 0) + 1);
  });

  it("refuses bad settings with translated messages, and a name already taken", async () => {
    const bad = await call(
      "POST",
      "/admin/smsc-connections",
      { name: "X", kind: "smpp", host: "a b", port: 70000, tps: 0 },
      staff,
      "th",
    );
    expect(bad.statusCode).toBe(400);
    const paths = errorOf(bad).details?.map((d: { path: string }) => d.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["host", "port", "tps"]));
    expect(JSON.stringify(errorOf(bad))).toContain(translate("validation.smsc_port_invalid", "th"));

    const noPassword = await call("POST", "/admin/smsc-connections", {
      ...smpp("Y", 2775),
      password: undefined,
    });
    expect(noPassword.statusCode).toBe(400);
    expect(errorOf(noPassword).details).toEqual([
      { path: "password", message: translate("validation.smsc_password_required", "en") },
    ]);

    const clash = await call("POST", "/admin/smsc-connections", smpp("operator a", 2775), staff, "th");
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toBe(translate("smsc.name_taken", "th", { name: "operator a" }));

    const operatorA = (await list()).entities.find((c) => c.name === "Operator A");
    const missingHost = await call("PATCH", `/admin/smsc-connections/${operatorA?.id}`, { host: null });
    expect(missingHost.statusCode).toBe(400);
    expect(
      await call("PATCH", "/admin/smsc-connections/999999", { enabled: true }).then((r) => r.statusCode),
    ).toBe(404);
  });

  it("lets staff only enable or reorder the environment's connection", async () => {
    const env = (await list()).entities.find((c) => c.name === "Simulator (environment)");
    const rename = await call("PATCH", `/admin/smsc-connections/${env?.id}`, { name: "Mine", tps: 5 });
    expect(rename.statusCode).toBe(409);
    expect(errorOf(rename).message).toBe(translate("smsc.env_managed", "en"));
    const reorder = await call("PATCH", `/admin/smsc-connections/${env?.id}`, { priority: 200 });
    expect(reorder.statusCode).toBe(200);
    expect(reorder.json().data).toMatchObject({ priority: 200, name: "Simulator (environment)" });
  });

  it("sends through a connection added in the back office at once, with no restart", async () => {
    const smsc = new LocalSmsc({ port: 0, systemId: "portal", password: "live-pw", receiptDelayMs: 10 });
    const port = await smsc.start();
    try {
      const res = await call(
        "POST",
        "/admin/smsc-connections",
        smpp("Operator B", port, { password: "live-pw", priority: 1 }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().data as TSmscConnection;
      expect(created.active).toBe(true);
      expect(await registry().activeConnectionId()).toBe(created.id);
      const { messageId } = await t.app.smsGateway.send({
        to: "66812345678",
        sender: "SMSPortal",
        text: "123456",
      });
      expect(messageId).toBeTruthy();
      expect(smsc.stats.accepted).toBe(1);

      // Disabled: the bind is closed and the next connection in order (the simulator) sends.
      const off = await call("PATCH", `/admin/smsc-connections/${created.id}`, { enabled: false });
      expect(off.json().data).toMatchObject({ enabled: false, active: false });
      await expect.poll(() => smsc.boundConnections).toBe(0);
      const env = (await list()).entities.find((c) => c.active);
      expect(env?.name).toBe("Simulator (environment)");
      await t.app.smsGateway.send({ to: "66812345678", sender: "SMSPortal", text: "654321" });
      expect(smsc.stats.accepted).toBe(1);
    } finally {
      await smsc.stop();
    }
  });
});

describe("routes (issue 26 point 2)", () => {
  it("send each message through its rule's connection and record the decision on the message", async () => {
    const env = (await list()).entities.find((c) => c.name === "Simulator (environment)");
    const second = (
      await call("POST", "/admin/smsc-connections", {
        name: "Second simulator",
        kind: "simulator",
        priority: 500,
      })
    ).json().data as TSmscConnection;
    expect(env?.active).toBe(true);

    // A day the delivery analytics counted names operators by the old ranges: it is forgotten (ADR 106).
    await t.db.execute(
      sql`insert into message_analytics_days (organization_id, day) values (${customer.organizationId}, '2026-01-05')`,
    );
    const ranges = await call("PUT", "/admin/operator-ranges", {
      ranges: [
        { prefix: "6689", operator: "DTAC" },
        { prefix: "6681", operator: "AIS" },
      ],
    });
    expect(ranges.statusCode, ranges.body).toBe(200);
    expect(await t.db.select().from(schema.messageAnalyticsDays)).toEqual([]);
    const dtac = await call("POST", "/admin/smsc-routes", {
      name: "DTAC numbers",
      position: 10,
      operator: "DTAC",
      connection_id: second.id,
    });
    expect(dtac.statusCode, dtac.body).toBe(201);
    const dtacRoute = dtac.json().data as TSmscRoute;
    expect(dtacRoute).toMatchObject({ operator: "DTAC", purposes: null, prefixes: null, failover: [] });

    const campaign = await seedCampaign(t, customer.organizationId, ["66891234567", "66812345678"], {
      purpose: "marketing",
    });
    const job = (await jobsIn(t, "engine.dispatch-chunk", "created")).find(
      (j) => j.data.campaignId === campaign.id,
    );
    await dispatchChunk(job?.data as never, { ...jobContextOf(t), smsGateway: t.app.smsGateway });
    const stored = await t.db
      .select({
        recipient: schema.messages.recipient,
        connection: schema.messages.smscConnectionId,
        route: schema.messages.routeId,
        status: schema.messages.status,
      })
      .from(schema.messages)
      .where(eq(schema.messages.campaignId, campaign.id))
      .orderBy(schema.messages.seq);
    expect(stored).toEqual([
      { recipient: "66891234567", connection: second.id, route: dtacRoute.id, status: "sent" },
      // No rule takes it: the connections' own order, no route.
      { recipient: "66812345678", connection: env?.id, route: null, status: "sent" },
    ]);

    // Staff see where a message went.
    const [dtacMessage, otherMessage] = campaign.messageIds;
    const detail = await call("GET", `/admin/messages/${dtacMessage}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: dtacMessage,
      organization: { id: customer.organizationId },
      campaign: { id: campaign.id, purpose: "marketing" },
      recipient: "66891234567",
      status: "sent",
      submit_state: "submitted",
      connection: { id: second.id, name: "Second simulator" },
      route: { id: dtacRoute.id, name: "DTAC numbers" },
      parts: [{ part: 1, gateway_id: expect.any(String) }],
    });
    expect(detail.json().data).not.toHaveProperty("text");
    expect((await call("GET", `/admin/messages/${otherMessage}`)).json().data).toMatchObject({
      connection: { id: env?.id },
      route: null,
    });
    expect((await call("GET", "/admin/messages/999999999")).statusCode).toBe(404);

    // A route naming an operator keeps its ranges; removing the route frees them.
    const orphan = await call(
      "PUT",
      "/admin/operator-ranges",
      { ranges: [{ prefix: "6681", operator: "AIS" }] },
      staff,
      "th",
    );
    expect(orphan.statusCode).toBe(400);
    expect(errorOf(orphan).message).toBe(translate("smsc.route_operator_in_use", "th", { operator: "DTAC" }));
    expect((await call("DELETE", `/admin/smsc-routes/${dtacRoute.id}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/admin/smsc-routes/${dtacRoute.id}`)).statusCode).toBe(404);
    expect((await call("PATCH", `/admin/smsc-routes/${dtacRoute.id}`, { enabled: false })).statusCode).toBe(
      404,
    );
    const freed = await call("PUT", "/admin/operator-ranges", { ranges: [] });
    expect(freed.json().data.entities).toEqual([]);
    await call("PATCH", `/admin/smsc-connections/${second.id}`, { enabled: false });
  });

  it("refuses a route to nowhere, with translated messages", async () => {
    const env = (await list()).entities.find((c) => c.name === "Simulator (environment)");
    const bad = async (payload: Json, key: MessageKey, params?: Record<string, string>) => {
      const res = await call("POST", "/admin/smsc-routes", payload, staff, "th");
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      const error = errorOf(res);
      const texts = [error.message, ...(error.details ?? []).map((d) => d.message)];
      expect(texts).toContain(translate(key, "th", params));
    };
    const base = { name: "Bad", position: 1, connection_id: env?.id };
    await bad({ ...base, connection_id: 999_999 }, "validation.route_connection_invalid");
    await bad({ ...base, failover: [999_998] }, "validation.route_failover_invalid");
    await bad({ ...base, prefixes: ["0812"] }, "validation.route_prefix_invalid");
    await bad({ ...base, prefixes: [] }, "validation.route_prefix_invalid");
    await bad({ ...base, purposes: ["spam"] }, "validation.route_purposes_invalid");
    await bad({ ...base, operator: "Nobody" }, "smsc.route_operator_unknown", { operator: "Nobody" });
    await bad({ ...base, organization_id: 999_999 }, "smsc.route_organization_unknown");
    await bad({ ...base, name: "" }, "validation.route_name_required");

    const ok = await call("POST", "/admin/smsc-routes", {
      ...base,
      name: "OTP first",
      purposes: ["otp", "otp"],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.purposes).toEqual(["otp"]);
    const taken = await call("POST", "/admin/smsc-routes", { ...base, name: "otp FIRST" });
    expect(taken.statusCode).toBe(409);
    expect((await call("DELETE", `/admin/smsc-routes/${ok.json().data.id}`)).statusCode).toBe(200);
    const audit = await t.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.targetType, "smsc_route"), eq(schema.auditLog.targetId, ok.json().data.id)),
      );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["smsc_routes.create", "smsc_routes.delete"]),
    );
  });
});

describe("two SMSCs that give out the same message ids (issue 26 point 3)", () => {
  it("match each receipt to the part its own connection accepted", async () => {
    const smscs = [0, 1].map(
      () => new LocalSmsc({ port: 0, systemId: "portal", password: "pw", receiptDelayMs: 10 }),
    );
    const ports = await Promise.all(smscs.map((smsc) => smsc.start()));
    const created: TSmscConnection[] = [];
    let routeId = 0;
    const services = createServices(t.app.config, t.db, {
      connections: createConnectionSource(t.db, t.app.config, () => undefined),
    });
    const stopReports = startReportProcessing(services.smsGateway, t.db, t.app.log);
    try {
      for (const [i, port] of ports.entries()) {
        const res = await call(
          "POST",
          "/admin/smsc-connections",
          smpp(`Twin ${i}`, port, { password: "pw", priority: 1 + i, window: 10 }),
        );
        expect(res.statusCode, res.body).toBe(201);
        created.push(res.json().data as TSmscConnection);
      }
      const [a, b] = created as [TSmscConnection, TSmscConnection];
      const route = await call("POST", "/admin/smsc-routes", {
        name: "Twin B numbers",
        position: 1,
        prefixes: ["66891"],
        connection_id: b.id,
      });
      routeId = route.json().data.id;
      // This registry stands for another process: it reads the change now rather than at its next tick.
      await (services.smsGateway as GatewayRegistry).reload();
      const recipients = ["66891000001", "66812000001", "66891000002", "66812000002"];
      const campaign = await seedCampaign(t, customer.organizationId, recipients);
      const job = (await jobsIn(t, "engine.dispatch-chunk", "created")).find(
        (j) => j.data.campaignId === campaign.id,
      );
      await dispatchChunk(job?.data as never, { ...jobContextOf(t), smsGateway: services.smsGateway });

      const stored = () =>
        t.db
          .select({ recipient: schema.messages.recipient, status: schema.messages.status })
          .from(schema.messages)
          .where(eq(schema.messages.campaignId, campaign.id))
          .orderBy(schema.messages.seq);
      await expect
        .poll(async () => (await stored()).map((m) => m.status), { timeout: 15_000 })
        .toEqual(["delivered", "delivered", "delivered", "delivered"]);
      // Both SMSCs gave out the same ids; each part is kept under its own connection's namespace.
      const parts = await t.db
        .select({ gatewayId: schema.messageParts.gatewayId })
        .from(schema.messageParts)
        .where(inArray(schema.messageParts.messageId, campaign.messageIds));
      const ids = parts.map((p) => p.gatewayId).sort();
      const raw = (prefix: string) =>
        ids
          .filter((id) => id.startsWith(prefix))
          .map((id) => id.slice(prefix.length))
          .sort();
      expect(raw(`c${a.id}:`)).toHaveLength(2);
      expect(raw(`c${a.id}:`)).toEqual(raw(`c${b.id}:`));
      expect(smscs.map((smsc) => smsc.stats.accepted)).toEqual([2, 2]);
    } finally {
      if (routeId) await call("DELETE", `/admin/smsc-routes/${routeId}`);
      for (const connection of created) {
        await call("PATCH", `/admin/smsc-connections/${connection.id}`, { enabled: false });
      }
      await stopReports();
      await services.close();
      await Promise.all(smscs.map((smsc) => smsc.stop()));
    }
  });
});

describe("connection health (issue 26 point 4)", () => {
  it("shows staff each connection's state and traffic, and mails them once when one is down over a minute", async () => {
    const flaky = (
      await call("POST", "/admin/smsc-connections", { name: "Flaky", kind: "simulator", priority: 900 })
    ).json().data as TSmscConnection;
    expect(flaky.health).toBeNull();
    const report = (state: "up" | "down", extra: object = {}) =>
      recordHealth(t.db, [
        {
          connectionId: flaky.id,
          state,
          failures: state === "down" ? 2 : 0,
          lastError: state === "down" ? "not bound: connection refused" : null,
          retryAt: null,
          submitted: 100,
          notTaken: state === "down" ? 100 : 0,
          windowMs: 2000,
          // One of its two binds lost, 40 submits waiting and 10 in flight; none without binds.
          load: state === "down" ? { binds: 2, bound: 1, queued: 40, inFlight: 10 } : null,
          ...extra,
        },
      ]);
    await report("down");
    const listed = (await list()).entities.find((c) => c.id === flaky.id);
    expect(listed?.health).toMatchObject({
      state: "down",
      failures: 2,
      last_error: "not bound: connection refused",
      per_second: 50,
      not_taken_share: 1,
      binds: { bound: 1, configured: 2 },
      queued: 40,
      in_flight: 10,
    });
    expect(listed?.health?.down_since).toEqual(expect.any(String));

    const mails = () =>
      t.db
        .select({ subject: schema.devMessages.subject, text: schema.devMessages.text })
        .from(schema.devMessages)
        .where(
          and(eq(schema.devMessages.recipient, TEST_ADMIN.email), eq(schema.devMessages.channel, "email")),
        );
    const before = (await mails()).length;
    // Down for less than a minute: nothing yet.
    expect(await runConnectionCheck(jobContextOf(t), new Date())).toEqual([]);
    // Reports kept coming for over a minute, still down: staff are told once.
    await t.db.execute(
      sql`update smsc_connection_health set down_since = now() - interval '61 seconds' where connection_id = ${flaky.id}`,
    );
    await report("down");
    const claimed = await runConnectionCheck(jobContextOf(t), new Date());
    expect(claimed.map((d) => d.connectionId)).toEqual([flaky.id]);
    expect(await runConnectionCheck(jobContextOf(t), new Date())).toEqual([]);
    await t.jobs.drain();
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain("Flaky");
    expect(sent[0]?.text).toContain("not bound: connection refused");
    expect(sent[0]?.text).toContain("/admin/connections");

    // Back up: the outage is over, and the next one is alerted again.
    await report("up");
    expect((await list()).entities.find((c) => c.id === flaky.id)?.health).toMatchObject({
      state: "up",
      down_since: null,
      binds: null,
      queued: null,
    });
    await call("PATCH", `/admin/smsc-connections/${flaky.id}`, { enabled: false });
  });

  it("merges the reports of several sending processes instead of showing the last one (ADR 91)", async () => {
    const shared = (
      await call("POST", "/admin/smsc-connections", { name: "Shared", kind: "simulator", priority: 950 })
    ).json().data as TSmscConnection;
    const report = (
      process: string,
      state: "up" | "down",
      traffic: { submitted: number; notTaken: number; windowMs: number },
      load: { binds: number; bound: number; queued: number; inFlight: number },
    ) =>
      recordHealth(
        t.db,
        [
          {
            connectionId: shared.id,
            state,
            failures: state === "down" ? 2 : 0,
            lastError: state === "down" ? "not bound: ECONNRESET" : null,
            retryAt: null,
            ...traffic,
            load,
          },
        ],
        process,
      );
    const health = async () => (await list()).entities.find((c) => c.id === shared.id)?.health;
    // Worker 1 sends 100/s through its bind; worker 2 lost its bind and took only half of 50/s.
    await report(
      "worker-1",
      "up",
      { submitted: 200, notTaken: 0, windowMs: 2000 },
      {
        binds: 1,
        bound: 1,
        queued: 5,
        inFlight: 100,
      },
    );
    await report(
      "worker-2",
      "down",
      { submitted: 50, notTaken: 25, windowMs: 1000 },
      {
        binds: 1,
        bound: 0,
        queued: 7,
        inFlight: 0,
      },
    );
    // Worker 1 reports again after worker 2: the last report no longer hides worker 2's outage.
    await report(
      "worker-1",
      "up",
      { submitted: 200, notTaken: 0, windowMs: 2000 },
      {
        binds: 1,
        bound: 1,
        queued: 5,
        inFlight: 100,
      },
    );
    expect(await health()).toMatchObject({
      state: "down",
      failures: 2,
      last_error: "not bound: ECONNRESET",
      per_second: 150,
      not_taken_share: 0.167,
      binds: { bound: 1, configured: 2 },
      queued: 12,
      in_flight: 100,
      processes: 2,
    });
    expect((await health())?.down_since).toEqual(expect.any(String));
    // Worker 2 stopped reporting (its report is stale): the connection is what worker 1 sees.
    await t.db.execute(
      sql`update smsc_connection_health_reports set updated_at = now() - interval '2 minutes'
           where connection_id = ${shared.id} and process_id = 'worker-2'`,
    );
    await report(
      "worker-1",
      "up",
      { submitted: 200, notTaken: 0, windowMs: 2000 },
      {
        binds: 1,
        bound: 1,
        queued: 5,
        inFlight: 100,
      },
    );
    expect(await health()).toMatchObject({
      state: "up",
      down_since: null,
      per_second: 100,
      not_taken_share: 0,
      binds: { bound: 1, configured: 1 },
      processes: 1,
    });
    await call("PATCH", `/admin/smsc-connections/${shared.id}`, { enabled: false });
  });
});

describe("without SMSC_SECRET_KEY (production)", () => {
  let p: TestContext;
  beforeAll(async () => {
    const config = testConfig();
    p = await createTestApp({ config: { ...config, smsc: { ...config.smsc, secretKey: null } } });
  });
  afterAll(() => p.close());

  it("refuses to store an SMPP password, translated, and says so in the list", async () => {
    const headers = { authorization: `Bearer ${await signIn(p, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    const listed = await p.app.inject({ method: "GET", url: "/api/v1/admin/smsc-connections", headers });
    expect(listed.json().data.can_store_passwords).toBe(false);
    const res = await p.app.inject({
      method: "POST",
      url: "/api/v1/admin/smsc-connections",
      headers: { ...headers, "accept-language": "th" },
      payload: smpp("Operator C", 2775),
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(translate("smsc.secret_key_missing", "th"));
    expect(
      await p.db.select().from(schema.smscConnections).where(eq(schema.smscConnections.name, "Operator C")),
    ).toEqual([]);
  });
});
