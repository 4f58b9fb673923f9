import type { RouteRule } from "@sms/domain";
import { describe, expect, it } from "vitest";
import {
  type ConnectionEntry,
  type ConnectionReport,
  createGatewayRegistry,
  type RoutingTable,
} from "./registry.ts";
import type { GatewayListener, GatewayOutcome, GatewaySubmit, SmsGateway } from "./sms-gateway.ts";

interface Fake extends SmsGateway {
  label: string;
  submitted: GatewaySubmit[];
  listened: boolean;
  closed: boolean;
}

function fakeGateway(label: string): Fake {
  const fake: Fake = {
    name: "simulator",
    label,
    submitted: [],
    listened: false,
    closed: false,
    async send() {
      return { messageId: `${label}-1` };
    },
    async submit(batch) {
      fake.submitted.push(...batch);
      return batch.map((m) => ({ reference: m.reference, status: "accepted", parts: [], wireParts: 1 }));
    },
    listen() {
      fake.listened = true;
    },
    async close() {
      fake.closed = true;
    },
  };
  return fake;
}

const listener: GatewayListener = {
  receipts: async () => undefined,
  inbound: async () => undefined,
  lateAccepts: async () => undefined,
};
const message = (reference: string): GatewaySubmit => ({
  reference,
  to: "66812345678",
  sender: "Acme",
  text: "hi",
});

/** A registry over a table held in memory; each build is recorded. */
function setup(
  initial: ConnectionEntry<string>[],
  routes?: RoutingTable,
  clock?: () => number,
  weight?: (spec: string) => number,
) {
  let rows = initial;
  let loads = 0;
  const built: Fake[] = [];
  const registry = createGatewayRegistry<string>({
    load: async () => {
      loads += 1;
      return rows.map((r) => ({ ...r }));
    },
    build: (spec) => {
      const gateway = fakeGateway(spec);
      built.push(gateway);
      return gateway;
    },
    ...(routes ? { loadRoutes: async () => routes } : {}),
    ...(clock ? { now: clock } : {}),
    ...(weight ? { weight } : {}),
    refreshMs: 60_000,
    onWarning: () => undefined,
  });
  return {
    registry,
    built,
    loads: () => loads,
    set(next: ConnectionEntry<string>[]) {
      rows = next;
    },
  };
}

const row = (id: number, spec: string, priority: number, enabled = true, version = 1) => ({
  id,
  spec,
  priority,
  enabled,
  version,
});

describe("the gateway registry", () => {
  it("sends through the first enabled connection by order, and reads the table once per refresh period", async () => {
    const s = setup([row(1, "env", 100), row(2, "fast", 10), row(3, "off", 0, false)]);
    expect(await s.registry.send({ to: "66812345678", sender: "A", text: "x" })).toEqual({
      messageId: "fast-1",
    });
    await s.registry.submit([message("a"), message("b")]);
    expect(s.built.map((g) => g.label)).toEqual(["env", "fast"]);
    expect(s.built[1]?.submitted.map((m) => m.reference)).toEqual(["a", "b"]);
    expect(s.built[0]?.submitted).toEqual([]);
    expect(s.loads()).toBe(1);
    expect(await s.registry.activeConnectionId()).toBe(2);
    await s.registry.close();
  });

  it("picks a change up on reload: a disabled connection is closed, a changed one rebuilt, the next in order sends", async () => {
    const s = setup([row(1, "env", 100), row(2, "fast", 10)]);
    s.registry.listen(listener);
    await s.registry.reload();
    expect(s.built.every((g) => g.listened)).toBe(true);

    s.set([row(1, "env", 100), row(2, "fast", 10, false)]);
    await s.registry.reload();
    expect(s.built[1]?.closed).toBe(true);
    await s.registry.submit([message("c")]);
    expect(s.built[0]?.submitted.map((m) => m.reference)).toEqual(["c"]);

    s.set([row(1, "env-v2", 100, true, 2)]);
    await s.registry.reload();
    expect(s.built[0]?.closed).toBe(true);
    const rebuilt = s.built[2];
    expect(rebuilt?.label).toBe("env-v2");
    expect(rebuilt?.listened).toBe(true);
    await s.registry.submit([message("d")]);
    expect(rebuilt?.submitted.map((m) => m.reference)).toEqual(["d"]);
    await s.registry.close();
    expect(rebuilt?.closed).toBe(true);
  });

  it("reads again on reload when a refresh already in flight read the table before the change", async () => {
    let rows = [row(1, "env", 100)];
    let release: (() => void) | null = null;
    const built: Fake[] = [];
    const registry = createGatewayRegistry<string>({
      load: async () => {
        const snapshot = rows.map((r) => ({ ...r }));
        // The first read is held, as a tick's SELECT that answered before the change and is slow to return.
        if (built.length === 0 && !release) await new Promise<void>((resolve) => (release = resolve));
        return snapshot;
      },
      build: (spec) => {
        const gateway = fakeGateway(spec);
        built.push(gateway);
        return gateway;
      },
      refreshMs: 60_000,
      onWarning: () => undefined,
    });
    const first = registry.activeConnectionId();
    await Promise.resolve();
    rows = [row(1, "env", 100), row(2, "fast", 10)];
    const reloaded = registry.reload();
    (release as (() => void) | null)?.();
    await first;
    await reloaded;
    expect(await registry.activeConnectionId()).toBe(2);
    await registry.close();
  });

  it("throws before writing anything when no connection is enabled, so the engine submits the batch later", async () => {
    const s = setup([row(1, "env", 100, false)]);
    await expect(s.registry.submit([message("e")])).rejects.toThrow(/no SMSC connection is enabled/);
    await expect(s.registry.send({ to: "66812345678", sender: "A", text: "x" })).rejects.toThrow(/no SMSC/);
    expect(await s.registry.submit([])).toEqual([]);
    expect(await s.registry.activeConnectionId()).toBeNull();
    await s.registry.close();
    await expect(s.registry.submit([message("f")])).rejects.toThrow(/closed/);
  });

  it("routes each message to the first enabled connection of its rule and says which took it", async () => {
    const rule = (id: number, over: Partial<RouteRule>): RouteRule => ({
      id,
      position: id,
      enabled: true,
      purposes: null,
      organizationId: null,
      sender: null,
      prefixes: null,
      operator: null,
      connectionId: 1,
      failover: [],
      ...over,
    });
    const routes: RoutingTable = {
      rules: [
        rule(7, { purposes: ["otp"], connectionId: 3, failover: [2] }),
        rule(8, { prefixes: ["66891"], connectionId: 2 }),
      ],
      ranges: [],
    };
    const s = setup([row(1, "main", 10), row(2, "second", 20), row(3, "otp-only", 30, false)], routes);
    const outcomes = await s.registry.submit([
      { ...message("otp"), purpose: "otp", organizationId: 4 },
      { ...message("prefix"), to: "66891234567" },
      message("other"),
    ]);
    const [main, second] = s.built;
    // The OTP rule's own connection is disabled: its failover took it.
    expect(second?.submitted.map((m) => m.reference)).toEqual(["otp", "prefix"]);
    expect(main?.submitted.map((m) => m.reference)).toEqual(["other"]);
    expect(outcomes.map((o) => [o.reference, o.status, o.route])).toEqual([
      ["otp", "accepted", { connectionId: 2, routeId: 7 }],
      ["prefix", "accepted", { connectionId: 2, routeId: 8 }],
      ["other", "accepted", { connectionId: 1, routeId: null }],
    ]);
    await s.registry.close();
  });

  it("spreads a route's messages over its peers of equal priority by weight, never outside the route", async () => {
    const rule = (id: number, over: Partial<RouteRule>): RouteRule => ({
      id,
      position: id,
      enabled: true,
      purposes: null,
      organizationId: null,
      sender: null,
      prefixes: null,
      operator: null,
      connectionId: 1,
      failover: [],
      ...over,
    });
    // 6681… goes to 1 and 2 (peers: both priority 10) with 3 as failover; everything else to 4.
    const routes: RoutingTable = {
      rules: [
        rule(1, { prefixes: ["6681"], connectionId: 1, failover: [2, 3] }),
        rule(2, { connectionId: 4 }),
      ],
      ranges: [],
    };
    const weights: Record<string, number> = { a: 300, b: 100, backup: 1000, other: 1000 };
    const s = setup(
      [row(1, "a", 10), row(2, "b", 10), row(3, "backup", 20), row(4, "other", 10)],
      routes,
      undefined,
      (spec) => weights[spec] ?? 1,
    );
    const batch = Array.from({ length: 400 }, (_, i) => ({
      ...message(`m${i}`),
      to: i % 4 === 3 ? `6689${String(i).padStart(7, "0")}` : `6681${String(i).padStart(7, "0")}`,
    }));
    const outcomes = await s.registry.submit(batch);
    const [a, b, backup, other] = s.built;
    // Prefix routing stays exact: every 6681 number on 1 or 2, every other one on 4.
    expect([...(a?.submitted ?? []), ...(b?.submitted ?? [])].every((m) => m.to.startsWith("6681"))).toBe(
      true,
    );
    expect(other?.submitted.every((m) => m.to.startsWith("6689"))).toBe(true);
    expect(other?.submitted).toHaveLength(100);
    expect(backup?.submitted).toHaveLength(0);
    // 300 messages by weight 3:1, exactly (smooth weighted round robin), and the outcome says which.
    expect(a?.submitted).toHaveLength(225);
    expect(b?.submitted).toHaveLength(75);
    const byReference = new Map(outcomes.map((o) => [o.reference, o.route?.connectionId]));
    for (const m of a?.submitted ?? []) expect(byReference.get(m.reference)).toBe(1);
    for (const m of b?.submitted ?? []) expect(byReference.get(m.reference)).toBe(2);
    await s.registry.close();
  });

  it("leaves a peer's share to the others while it is out, and fails over past the peers only when all are out", async () => {
    const clock = 0;
    const s = setup([row(1, "a", 10), row(2, "b", 10), row(3, "backup", 20)], undefined, () => clock);
    await s.registry.submit([message("w1"), message("w2")]);
    const [a, b, backup] = s.built;
    if (!a || !b || !backup) throw new Error("built");
    expect(a.submitted.map((m) => m.reference)).toEqual(["w1"]);
    expect(b.submitted.map((m) => m.reference)).toEqual(["w2"]);
    // a's bind is lost: what it did not take goes to its peer within the call, then a is out.
    const refuse = async (batch: readonly GatewaySubmit[]) =>
      batch.map((m): GatewayOutcome => ({ reference: m.reference, status: "retry", reason: "not bound" }));
    a.submit = refuse;
    for (let i = 0; i < 3; i++) {
      const outcomes = await s.registry.submit([message(`x${i}a`), message(`x${i}b`)]);
      expect(outcomes.every((o) => o.status === "accepted" && o.route?.connectionId === 2)).toBe(true);
    }
    expect(s.registry.health()).toContainEqual(expect.objectContaining({ connectionId: 1, state: "down" }));
    const moved = await s.registry.submit([message("y1"), message("y2"), message("y3")]);
    expect(moved.map((o) => o.route?.connectionId)).toEqual([2, 2, 2]);
    expect(backup.submitted).toHaveLength(0);
    // Both peers out: the next priority of the list takes the work.
    b.submit = refuse;
    await s.registry.submit([message("z1")]);
    await s.registry.submit([message("z2")]);
    const failedOver = await s.registry.submit([message("z3"), message("z4")]);
    expect(failedOver.map((o) => [o.status, o.route?.connectionId])).toEqual([
      ["accepted", 3],
      ["accepted", 3],
    ]);
    await s.registry.close();
  });

  it("holds a message none of whose route's connections is enabled, and a group whose connection threw", async () => {
    const routes: RoutingTable = {
      rules: [
        {
          id: 1,
          position: 1,
          enabled: true,
          purposes: ["marketing"],
          organizationId: null,
          sender: null,
          prefixes: null,
          operator: null,
          connectionId: 2,
          failover: [],
        },
      ],
      ranges: [],
    };
    const s = setup([row(1, "main", 10), row(2, "marketing", 20, false)], routes);
    const outcomes = await s.registry.submit([{ ...message("m"), purpose: "marketing" }, message("g")]);
    expect(outcomes.map((o) => [o.reference, o.status])).toEqual([
      ["m", "retry"],
      ["g", "accepted"],
    ]);
    const main = s.built[0];
    if (main) main.submit = async () => Promise.reject(new Error("bind lost"));
    const failed = await s.registry.submit([message("h")]);
    expect(failed).toMatchObject([{ reference: "h", status: "retry" }]);
    await s.registry.close();
  });

  it("takes a connection out after two bad batches, sends through the next, and tries it again after its cooldown", async () => {
    let clock = 0;
    const s = setup([row(1, "main", 10), row(2, "backup", 20)], undefined, () => clock);
    await s.registry.submit([message("warm")]);
    const [main, backup] = s.built;
    if (!main || !backup) throw new Error("both connections are built");
    // The bind is lost: every message comes back "not sent" (retry), nothing was written.
    let mainDown = true;
    let mainCalls = 0;
    const accept = main.submit.bind(main);
    main.submit = async (batch) => {
      mainCalls += 1;
      return mainDown
        ? batch.map((m) => ({ reference: m.reference, status: "retry", reason: "not bound" }))
        : accept(batch);
    };

    // A bad batch goes on to the next connection in the same call: nothing waits for a job retry.
    const first = await s.registry.submit([message("a")]);
    expect(first[0]).toMatchObject({ status: "accepted", route: { connectionId: 2 } });
    expect(s.registry.health()).toContainEqual(
      expect.objectContaining({ connectionId: 1, state: "up", failures: 1 }),
    );
    expect((await s.registry.submit([message("b")]))[0]).toMatchObject({
      status: "accepted",
      route: { connectionId: 2 },
    });
    expect(s.registry.health()).toContainEqual(
      expect.objectContaining({ connectionId: 1, state: "down", lastError: "not bound", retryAt: 5000 }),
    );
    expect(mainCalls).toBe(2);
    // Out: new work goes to the next connection by order, at once, without asking the first.
    const moved = await s.registry.submit([message("c"), message("d")]);
    expect(moved.map((o) => [o.status, o.route?.connectionId])).toEqual([
      ["accepted", 2],
      ["accepted", 2],
    ]);
    expect(mainCalls).toBe(2);
    expect(backup.submitted.map((m) => m.reference)).toEqual(["a", "b", "c", "d"]);

    // Its cooldown over, a batch probes it; still down, the probe's messages go on to the backup.
    clock = 5001;
    const probe = await s.registry.submit([message("p")]);
    expect(probe[0]).toMatchObject({ status: "accepted", route: { connectionId: 2 } });
    expect(mainCalls).toBe(3);
    expect(s.registry.health()).toContainEqual(expect.objectContaining({ connectionId: 1, state: "down" }));

    // Its next cooldown over and healthy again, it takes work back.
    clock = 10_002;
    mainDown = false;
    expect(s.registry.health()).toContainEqual(
      expect.objectContaining({ connectionId: 1, state: "probing" }),
    );
    const back = await s.registry.submit([message("e")]);
    expect(back[0]).toMatchObject({ status: "accepted", route: { connectionId: 1 } });
    expect(s.registry.health()).toContainEqual(
      expect.objectContaining({ connectionId: 1, state: "up", failures: 0 }),
    );
    await s.registry.close();
  });

  it("never hands a message whose outcome is unknown to another connection (ADR 16)", async () => {
    const s = setup([row(1, "main", 10), row(2, "backup", 20)]);
    await s.registry.submit([message("warm")]);
    const [main, backup] = s.built;
    if (!main || !backup) throw new Error("both connections are built");
    // The connection dropped mid-window: one answer lost (unknown), one never written (retry).
    main.submit = async (batch) =>
      batch.map(
        (m, i): GatewayOutcome =>
          i === 0
            ? { reference: m.reference, status: "unknown", parts: [], wireParts: 1 }
            : { reference: m.reference, status: "retry", reason: "not bound" },
      );
    const outcomes = await s.registry.submit([message("x"), message("y")]);
    expect(outcomes.map((o) => [o.reference, o.status, o.route?.connectionId])).toEqual([
      ["x", "unknown", 1],
      ["y", "accepted", 2],
    ]);
    expect(backup.submitted.map((m) => m.reference)).toEqual(["y"]);
    await s.registry.close();
  });

  it("still tries a route's connections when all are out, rather than hold the work", async () => {
    let clock = 0;
    const s = setup([row(1, "only", 10)], undefined, () => clock);
    await s.registry.submit([message("warm")]);
    const only = s.built[0];
    if (!only) throw new Error("built");
    only.submit = async () => Promise.reject(new Error("connection refused"));
    await s.registry.submit([message("a")]);
    await s.registry.submit([message("b")]);
    expect(s.registry.health()[0]).toMatchObject({ state: "down", lastError: "connection refused" });
    let tried = 0;
    only.submit = async (batch) => {
      tried += 1;
      return batch.map((m) => ({ reference: m.reference, status: "accepted", parts: [], wireParts: 1 }));
    };
    clock = 100;
    expect((await s.registry.submit([message("c")]))[0]).toMatchObject({ status: "accepted" });
    expect(tried).toBe(1);
    await s.registry.close();
  });

  it("reports each connection's health and traffic after every tick of a listening process", async () => {
    const reports: ConnectionReport[][] = [];
    const registry = createGatewayRegistry<string>({
      load: async () => [row(1, "main", 10), row(2, "simulated", 20)],
      // The first has binds (an SMPP connection): its binds and queue go with each report.
      build: (spec) =>
        spec === "main"
          ? { ...fakeGateway(spec), load: () => ({ binds: 2, bound: 2, queued: 7, inFlight: 3 }) }
          : fakeGateway(spec),
      refreshMs: 20,
      onWarning: () => undefined,
      report: async (batch) => {
        reports.push(batch);
      },
    });
    registry.listen(listener);
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    await registry.submit([message("a"), message("b"), message("c")]);
    await expect
      .poll(() => reports.flat().reduce((sum, r) => sum + r.submitted, 0), { timeout: 2000 })
      .toBe(3);
    expect(reports.flat().every((r) => r.state === "up" && r.notTaken === 0)).toBe(true);
    const last = reports.at(-1) ?? [];
    expect(last.find((r) => r.connectionId === 1)?.load).toEqual({
      binds: 2,
      bound: 2,
      queued: 7,
      inFlight: 3,
    });
    expect(last.find((r) => r.connectionId === 2)?.load).toBeNull();
    await registry.close();
  });
});
