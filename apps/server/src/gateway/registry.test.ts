import { describe, expect, it } from "vitest";
import { type ConnectionEntry, createGatewayRegistry } from "./registry.ts";
import type { GatewayListener, GatewaySubmit, SmsGateway } from "./sms-gateway.ts";

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
function setup(initial: ConnectionEntry<string>[]) {
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

  it("throws before writing anything when no connection is enabled, so the engine submits the batch later", async () => {
    const s = setup([row(1, "env", 100, false)]);
    await expect(s.registry.submit([message("e")])).rejects.toThrow(/no SMSC connection is enabled/);
    await expect(s.registry.send({ to: "66812345678", sender: "A", text: "x" })).rejects.toThrow(/no SMSC/);
    expect(await s.registry.submit([])).toEqual([]);
    expect(await s.registry.activeConnectionId()).toBeNull();
    await s.registry.close();
    await expect(s.registry.submit([message("f")])).rejects.toThrow(/closed/);
  });
});
