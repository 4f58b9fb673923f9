import { afterEach, describe, expect, it } from "vitest";
import { LocalSmsc, type LocalSmscOptions } from "./smpp/local-smsc.ts";
import { normalizeMessageId } from "./smpp/message-id.ts";
import { cstring, moPart, moPartUcs2, peak, rawDeliverSm, sleep, tlv, until } from "./smpp/test-support.ts";
import { createSmppGateway, type SmppGatewayOptions } from "./smpp-gateway.ts";
import type {
  GatewayInbound,
  GatewayLateAccept,
  GatewayListener,
  GatewayOutcome,
  GatewayReceipt,
  GatewaySubmit,
} from "./sms-gateway.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startSmsc(options: LocalSmscOptions = {}): Promise<{ smsc: LocalSmsc; port: number }> {
  const smsc = new LocalSmsc({
    port: 0,
    record: true,
    receiptDelayMs: 10,
    redeliveryDelayMs: 30,
    ...options,
  });
  const port = await smsc.start();
  cleanups.push(() => smsc.stop());
  return { smsc, port };
}

function gatewayFor(port: number, options: Partial<SmppGatewayOptions> = {}) {
  const warnings: string[] = [];
  const gateway = createSmppGateway({
    host: "127.0.0.1",
    port,
    systemId: "portal",
    password: "secret",
    tps: 1000,
    window: 10,
    reconnectMinMs: 20,
    reconnectMaxMs: 200,
    lingerMs: 5,
    onWarning: (m) => warnings.push(m),
    ...options,
  });
  cleanups.push(() => gateway.close());
  return { gateway, warnings };
}

/** A listener that records what it stored; `fail` makes the next calls of a kind throw. */
function recordingListener() {
  const stored = {
    receipts: [] as GatewayReceipt[],
    inbound: [] as GatewayInbound[],
    lateAccepts: [] as GatewayLateAccept[],
    calls: { receipts: 0, inbound: 0, lateAccepts: 0 },
  };
  const fail = { receipts: 0, inbound: 0, lateAccepts: 0 };
  const gate: { receipts: Promise<void> | null } = { receipts: null };
  const listener: GatewayListener = {
    async receipts(batch) {
      stored.calls.receipts++;
      if (gate.receipts) await gate.receipts;
      if (fail.receipts > 0 && fail.receipts--) throw new Error("database busy");
      stored.receipts.push(...batch);
    },
    async inbound(batch) {
      stored.calls.inbound++;
      if (fail.inbound > 0 && fail.inbound--) throw new Error("database busy");
      stored.inbound.push(...batch);
    },
    async lateAccepts(batch) {
      stored.calls.lateAccepts++;
      if (fail.lateAccepts > 0 && fail.lateAccepts--) throw new Error("database busy");
      stored.lateAccepts.push(...batch);
    },
  };
  return { listener, stored, fail, gate };
}

async function listening(smscOptions: LocalSmscOptions = {}, options: Partial<SmppGatewayOptions> = {}) {
  const { smsc, port } = await startSmsc(smscOptions);
  const { gateway, warnings } = gatewayFor(port, options);
  const recorder = recordingListener();
  gateway.listen(recorder.listener);
  // The SMSC counts a bind when it answers it; the gateway has its client once the answer arrives.
  await until(() => smsc.boundConnections === (options.binds ?? 1) && gateway.client !== null);
  return { smsc, gateway, warnings, ...recorder };
}

const LONG_GSM = "The quick brown fox jumps over the lazy dog. ".repeat(8).trim(); // 3 parts
const LONG_THAI = "ขอบคุณที่ใช้บริการ ยอดคงเหลือของท่านคือ 100 บาท ".repeat(4).trim();

function message(i: number, text = "hello"): GatewaySubmit {
  return { reference: `m-${i}`, to: `6681${String(i).padStart(7, "0")}`, sender: "SMSPortal", text };
}

/** The gateway id a part has, from what the SMSC answered (the same normalisation as the client). */
function smscIds(smsc: LocalSmsc, destination: string): string[] {
  return smsc.submits
    .filter((s) => s.destination === destination && s.status === 0)
    .sort((a, b) => (a.udh?.sequence ?? 1) - (b.udh?.sequence ?? 1))
    .map((s) => normalizeMessageId(s.messageId));
}

describe("SMPP gateway: binding", () => {
  it("binds only when first used, as a transmitter until listen(), then as a transceiver", async () => {
    const { smsc, port } = await startSmsc();
    const { gateway } = gatewayFor(port);
    await sleep(100);
    expect(smsc.stats.binds).toBe(0);
    expect(gateway.client).toBeNull();

    const [outcome] = await gateway.submit([message(1)]);
    expect(outcome).toMatchObject({ status: "accepted", wireParts: 1 });
    expect(smsc.bindKinds()).toEqual(["transmitter"]);
    // A transmitter gets no deliver_sm: the SMSC keeps the receipt.
    await until(() => smsc.heldReceipts === 1);

    const { listener, stored } = recordingListener();
    gateway.listen(listener);
    await until(() => stored.receipts.length === 1);
    expect(smsc.bindKinds()).toEqual(["transceiver"]);
    // The handset comes with it (the receipt's source_addr), for matching a submit whose answer was lost.
    expect(stored.receipts[0]).toEqual({
      gatewayId: (outcome as { parts: { gatewayId: string }[] }).parts[0]!.gatewayId,
      state: 3,
      code: "000",
      msisdn: expect.stringMatching(/^66\d{9}$/),
    });
    expect(() => gateway.listen(listener)).toThrow(/already has a listener/);

    await gateway.close();
    await until(() => smsc.boundConnections === 0);
  });

  it("binds as a transceiver at once when listen() comes first, and retries a failed bind", async () => {
    const { smsc, port } = await startSmsc({ systemId: "portal", password: "other" });
    const { gateway, warnings } = gatewayFor(port);
    const outcomes = await gateway.submit([message(1), message(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(["retry", "retry"]);
    expect(outcomes[0]).toMatchObject({ reason: expect.stringMatching(/not bound/) });

    gateway.listen(recordingListener().listener);
    await until(() => warnings.filter((w) => w.startsWith("cannot bind")).length >= 2);
    expect(smsc.boundConnections).toBe(0);
    await gateway.close();
  });
});

describe("SMPP gateway: load (issue 26 point 4)", () => {
  it("tells its binds, bound of configured, and its queue depth: waiting and in flight", async () => {
    const { port } = await startSmsc({ latencyMs: 300 });
    const { gateway } = gatewayFor(port, { binds: 2, window: 1 });
    expect(gateway.load?.()).toEqual({ binds: 2, bound: 0, queued: 0, inFlight: 0 });
    const sending = gateway.submit([1, 2, 3, 4, 5].map((n) => message(n)));
    // Two binds with a window of one each: two in flight, three waiting.
    await until(() => gateway.load?.().inFlight === 2);
    expect(gateway.load?.()).toEqual({ binds: 2, bound: 2, queued: 3, inFlight: 2 });
    expect((await sending).map((o) => o.status)).toEqual(Array(5).fill("accepted"));
    expect(gateway.load?.()).toEqual({ binds: 2, bound: 2, queued: 0, inFlight: 0 });
  });
});

describe("SMPP gateway: submit outcomes", () => {
  it("maps every message to one outcome, in order", async () => {
    const statuses: Record<string, number> = {
      "66810000002": 0x0b, // invalid destination
      "66810000003": 0x08, // system error: retry
      "66810000004": 0x14, // queue full: retry
      "66810000005": 0x401, // vendor code: permanent network error
      "66810000006": 0x58, // throttled every time
      "66810000007": 0x04, // incorrect bind status: retry
    };
    const { smsc, gateway } = await listening(
      {
        respond: (s) => (s.source === "BAD" ? 0x0a : statuses[s.destination]),
      },
      { throttleRetries: 2 },
    );
    const batch = [
      message(1),
      message(2),
      message(3),
      message(4),
      message(5),
      message(6),
      message(7),
      { ...message(8), sender: "BAD" },
      message(9, LONG_GSM),
      message(10, LONG_THAI),
    ];
    const outcomes = await gateway.submit(batch);
    expect(outcomes.map((o) => o.reference)).toEqual(batch.map((m) => m.reference));
    expect(outcomes.slice(1, 8)).toEqual([
      { reference: "m-2", status: "rejected", state: 1, code: "005" },
      { reference: "m-3", status: "retry", reason: "system error (0x08)" },
      { reference: "m-4", status: "retry", reason: "queue full (0x14)" },
      { reference: "m-5", status: "rejected", state: 1, code: "003" },
      { reference: "m-6", status: "retry", reason: "throttled (0x58)" },
      { reference: "m-7", status: "retry", reason: "bind (0x04)" },
      { reference: "m-8", status: "rejected", state: 1, code: "006" },
    ]);
    for (const [i, parts] of [
      [0, 1],
      [8, 3],
      [9, Math.ceil(LONG_THAI.length / 67)],
    ] as const) {
      const outcome = outcomes[i]!;
      expect(outcome.status).toBe("accepted");
      if (outcome.status !== "accepted") continue;
      expect(outcome.wireParts).toBe(parts);
      expect(outcome.parts.map((p) => p.part)).toEqual(Array.from({ length: parts }, (_, p) => p + 1));
      expect(outcome.parts.map((p) => p.gatewayId)).toEqual(smscIds(smsc, batch[i]!.to));
    }
    // Throttled: the first answer and two re-queues, never accepted.
    expect(smsc.part("66810000006")).toMatchObject({ received: 3, throttled: 3, accepted: 0 });
  });

  it("reports a partly accepted message as unknown with its accepted parts", async () => {
    const { gateway } = await listening({
      respond: (s) => (s.destination === "66810000001" && s.udh?.sequence === 2 ? 0x08 : undefined),
    });
    const [outcome] = await gateway.submit([message(1, LONG_GSM)]);
    expect(outcome).toMatchObject({ status: "unknown", wireParts: 3 });
    expect((outcome as { parts: { part: number }[] }).parts.map((p) => p.part)).toEqual([1, 3]);
  });

  it("reports a timed-out part as unknown, then passes its late answer as a late accept", async () => {
    const { gateway, stored } = await listening(
      { respond: (s) => (s.destination === "66810000001" ? { status: 0, delayMs: 300 } : undefined) },
      { pduTimeoutMs: 100 },
    );
    const outcomes = await gateway.submit([message(1), message(2)]);
    expect(outcomes[0]).toEqual({ reference: "m-1", status: "unknown", parts: [], wireParts: 1 });
    expect(outcomes[1]).toMatchObject({ status: "accepted" });
    await until(() => stored.lateAccepts.length === 1);
    expect(stored.lateAccepts[0]).toEqual({
      reference: "m-1",
      part: 1,
      parts: 1,
      gatewayId: expect.any(String),
    });
    // Its receipt comes too, with the same id.
    await until(() => stored.receipts.some((r) => r.gatewayId === stored.lateAccepts[0]!.gatewayId));
  });

  it("keeps trying a late accept the listener failed to store", async () => {
    const { gateway, stored, fail } = await listening(
      { respond: () => ({ status: 0, delayMs: 200 }) },
      { pduTimeoutMs: 50 },
    );
    fail.lateAccepts = 1;
    const [outcome] = await gateway.submit([message(1)]);
    expect(outcome).toMatchObject({ status: "unknown" });
    await until(() => stored.lateAccepts.length === 1);
    expect(stored.calls.lateAccepts).toBe(2);
  });

  it("send() answers the first part's id and throws on anything else", async () => {
    const { smsc, gateway } = await listening({
      respond: (s) => (s.destination === "66899999999" ? 0x0b : undefined),
    });
    const { messageId } = await gateway.send({ to: "66812345678", sender: "SMSPortal", text: LONG_GSM });
    expect(messageId).toBe(smscIds(smsc, "66812345678")[0]);
    await expect(gateway.send({ to: "66899999999", sender: "SMSPortal", text: "1234" })).rejects.toThrow(
      /not sent/,
    );
  });
});

describe("SMPP gateway: connection loss, window and rate", () => {
  it("reconnects after the SMSC drops the connection mid-batch: nothing lost, nothing sent twice", async () => {
    const drops = new Set([90, 260]);
    const { smsc, gateway, stored } = await listening(
      {
        latencyMs: [1, 8],
        respond: (_, index) => (drops.has(index) ? "drop" : undefined),
      },
      { binds: 2, window: 8 },
    );
    const batch = Array.from({ length: 300 }, (_, i) => message(i, i % 10 === 0 ? LONG_GSM : "x"));
    const outcomes = await gateway.submit(batch);

    expect(smsc.stats.drops).toBe(2);
    const counted = { accepted: 0, unknown: 0 };
    for (const [i, outcome] of outcomes.entries()) {
      const m = batch[i]!;
      const wire = m.text === LONG_GSM ? 3 : 1;
      const parts = Array.from({ length: wire }, (_, p) => smsc.part(m.to, p + 1));
      // The adapter never writes a part twice, so the SMSC never accepts one twice.
      for (const p of parts) expect(p.received).toBeLessThanOrEqual(1);
      expect(outcome.reference).toBe(m.reference);
      if (outcome.status === "accepted") {
        counted.accepted++;
        expect(parts.every((p) => p.accepted === 1)).toBe(true);
        expect(outcome.parts.map((p) => p.gatewayId)).toEqual(smscIds(smsc, m.to));
        continue;
      }
      // Written before a drop: the SMSC may have taken it or not; the parts it answered are listed.
      expect(outcome.status).toBe("unknown");
      if (outcome.status !== "unknown") continue;
      counted.unknown++;
      for (const p of outcome.parts) expect(parts[p.part - 1]!.accepted).toBe(1);
    }
    // The parts in flight on the dropped connection (at most a window each), the rest went after the rebind.
    expect(counted.unknown).toBeGreaterThanOrEqual(2);
    expect(counted.unknown).toBeLessThanOrEqual(2 * 8);
    expect(counted.accepted + counted.unknown).toBe(300);

    // Every accepted part gets its receipt, including those unanswered on the dropped connection.
    const acceptedIds = outcomes.flatMap((o) =>
      o.status === "accepted" ? o.parts.map((p) => p.gatewayId) : [],
    );
    await until(() => {
      const seen = new Set(stored.receipts.map((r) => r.gatewayId));
      return acceptedIds.every((id) => seen.has(id));
    });
    expect(smsc.stats.accepted).toBe(new Set(stored.receipts.map((r) => r.gatewayId)).size);
  });

  it("never has more than the window outstanding at the SMSC", async () => {
    const { smsc, gateway } = await listening({ latencyMs: [5, 20] }, { window: 3 });
    const outcomes = await gateway.submit(Array.from({ length: 60 }, (_, i) => message(i)));
    expect(outcomes.every((o) => o.status === "accepted")).toBe(true);
    expect(smsc.stats.submits).toBe(60);
    expect(smsc.stats.maxOutstanding).toBe(3);
  });

  it("holds the TPS of each bind", async () => {
    const { smsc, gateway } = await listening({}, { binds: 2, tps: 25, window: 50 });
    const started = performance.now();
    const outcomes = await gateway.submit(Array.from({ length: 100 }, (_, i) => message(i)));
    const elapsed = performance.now() - started;
    expect(outcomes.every((o) => o.status === "accepted")).toBe(true);
    // 100 submits at 2 × 25/s: about 2 s after the first tokens.
    expect(elapsed).toBeGreaterThan(1500);
    const connections = new Set(smsc.submits.map((s) => s.connection));
    expect(connections.size).toBe(2);
    for (const connection of connections) {
      const times = smsc.stats.arrivals.filter((_, i) => smsc.submits[i]!.connection === connection);
      expect(times.length).toBeGreaterThan(30);
      // 25 per second plus the one-token burst, and one of slack for arrivals bunched by a busy loop.
      expect(peak(times, 1000)).toBeLessThanOrEqual(27);
    }
  });

  it("slows a bind down when the SMSC throttles, re-queues the refused parts and recovers", async () => {
    const { smsc, gateway } = await listening({ maxTps: 40 }, { tps: 200, window: 10 });
    const rates: number[] = [];
    gateway.client!.on("throttled", (t) => rates.push(t.tps));
    const batch = Array.from({ length: 80 }, (_, i) => message(i));
    const outcomes = await gateway.submit(batch);
    expect(outcomes.every((o) => o.status === "accepted")).toBe(true);
    for (const m of batch) expect(smsc.part(m.to).accepted).toBe(1);
    expect(smsc.stats.throttled).toBeGreaterThan(0);
    // Paused after each throttled answer and halved: not hammering the SMSC at 200/s meanwhile.
    expect(rates.length).toBeGreaterThan(0);
    expect(Math.min(...rates)).toBeLessThanOrEqual(100);
    expect(smsc.stats.throttled).toBeLessThan(40);
    const low = gateway.client!.bindRates[0]!;
    expect(low).toBeLessThan(200);
    await sleep(1100);
    await gateway.submit([message(100)]);
    expect(gateway.client!.bindRates[0]).toBeGreaterThan(low);
  });
});

describe("SMPP gateway: receipts", () => {
  it("passes one receipt per part with the part's id, mapped to the catalogue", async () => {
    const choices: Record<string, { stat: string; err: string }> = {
      "66810000002": { stat: "UNDELIV", err: "303" },
      "66810000003": { stat: "EXPIRED", err: "000" },
      "66810000004": { stat: "REJECTD", err: "100" },
      "66810000005": { stat: "ENROUTE", err: "000" },
    };
    const { smsc, gateway, stored } = await listening({ receiptFor: (s) => choices[s.destination] });
    const batch = [
      message(1, LONG_GSM),
      message(2),
      message(3),
      message(4),
      message(5),
      message(6, LONG_THAI),
    ];
    const outcomes = await gateway.submit(batch);
    const ids = (i: number) => (outcomes[i] as Extract<GatewayOutcome, { status: "accepted" }>).parts;
    const to = (i: number) => batch[i]!.to;
    const expected = [
      ...ids(0).map((p) => ({ gatewayId: p.gatewayId, state: 3, code: "000", msisdn: to(0) })),
      { gatewayId: ids(1)[0]!.gatewayId, state: 3, code: "303", msisdn: to(1) },
      { gatewayId: ids(2)[0]!.gatewayId, state: 3, code: "200", msisdn: to(2) },
      { gatewayId: ids(3)[0]!.gatewayId, state: 2, code: "100", msisdn: to(3) },
      ...ids(5).map((p) => ({ gatewayId: p.gatewayId, state: 3, code: "000", msisdn: to(5) })),
    ];
    const total = smsc.stats.accepted;
    expect(total).toBe(expected.length + 1);
    // Every receipt answered, the ENROUTE one too (acknowledged, not passed on).
    await until(() => smsc.stats.deliverResponses === total);
    expect(smsc.stats.deliverErrors).toBe(0);
    expect(stored.receipts).toHaveLength(expected.length);
    // A part's receipt may come before its message's last part is answered (early, ADR 111).
    const withoutEarly = stored.receipts.map(({ early: _, ...receipt }) => receipt);
    expect(withoutEarly.sort(byId)).toEqual(expected.sort(byId));
  });

  it("answers a receipt only once the listener stored it, and 0x64 when it failed, so the SMSC sends it again", async () => {
    const { smsc, gateway, stored, fail, gate } = await listening();
    let open!: () => void;
    gate.receipts = new Promise((resolve) => {
      open = resolve;
    });
    fail.receipts = 1;
    const [outcome] = await gateway.submit([message(1)]);
    await until(() => stored.calls.receipts === 1);
    await sleep(50);
    expect(smsc.stats.deliverResponses).toBe(0);
    open();
    // The first call fails: answered 0x64, delivered again, stored, answered 0.
    await until(() => stored.receipts.length === 1);
    await until(() => smsc.stats.deliverResponses === 2);
    expect(smsc.stats).toMatchObject({ deliverErrors: 1, redeliveries: 1 });
    expect(stored.calls.receipts).toBe(2);
    expect(stored.receipts[0]!.gatewayId).toBe(
      (outcome as { parts: { gatewayId: string }[] }).parts[0]!.gatewayId,
    );
  });

  it("hands a submit's outcomes back only once the receipts that overtook them are stored, marked early", async () => {
    // Receipts at once; the third message is answered late, so the first two's receipts come while
    // the submit is still under way.
    const late = message(3).to;
    const { gateway, stored, gate } = await listening(
      {
        receiptDelayMs: 0,
        respond: (s) => (s.destination === late ? { status: 0, delayMs: 200 } : undefined),
      },
      { lingerMs: 20 },
    );
    let open!: () => void;
    gate.receipts = new Promise((resolve) => {
      open = resolve;
    });
    let returned = false;
    const submitting = gateway.submit([message(1), message(2), message(3)]).then((outcomes) => {
      returned = true;
      return outcomes;
    });
    await until(() => stored.calls.receipts >= 1);
    // Every part is answered by now, but the early receipts are still being stored.
    await sleep(400);
    expect(returned).toBe(false);
    open();
    const outcomes = await submitting;
    const ids = outcomes.map((o) => (o as { parts: { gatewayId: string }[] }).parts[0]!.gatewayId);
    expect(stored.receipts.filter((r) => r.early).map((r) => r.gatewayId)).toEqual(
      expect.arrayContaining([ids[0], ids[1]]),
    );
    await until(() => stored.receipts.length === 3);
    // A receipt that comes after its submit returned is not early: see the first test of the file.
  });

  it("batches receipts into few listener calls", async () => {
    const { smsc, gateway, stored } = await listening({}, { lingerMs: 50, batchSize: 500 });
    await gateway.submit(Array.from({ length: 200 }, (_, i) => message(i)));
    await until(() => stored.receipts.length === 200);
    await until(() => smsc.stats.deliverResponses === 200);
    expect(stored.calls.receipts).toBeLessThan(50);
  });

  it("survives deliver_sm without short_message and answers each", async () => {
    const { smsc, stored } = await listening();
    // A receipt with sm_length 0 and its facts only in TLVs (UNDELIV).
    smsc.writeRaw(
      rawDeliverSm(1, 0x04, true, [tlv(0x001e, cstring("0000001A2B")), tlv(0x0427, Buffer.of(5))]),
    );
    // A reply that ends before sm_length: the package leaves short_message absent.
    smsc.writeRaw(rawDeliverSm(2, 0x00, false, []));
    await until(() => smsc.stats.deliverResponses === 2);
    expect(stored.receipts).toMatchObject([{ gatewayId: "1a2b", state: 3, code: "001" }]);
    expect(stored.inbound).toEqual([{ source: "66812345678", destination: "SMSPortal", text: "" }]);
  });
});

describe("SMPP gateway: replies", () => {
  it("passes a reply with the source in the 66 form, answering it once stored", async () => {
    const { smsc, stored, fail } = await listening();
    fail.inbound = 1;
    const first = await smsc.request("deliver_sm", {
      source_addr: "0812345678",
      destination_addr: "4545",
      short_message: Buffer.from("STOP"),
    });
    expect(first.command_status).toBe(0x64);
    const second = await smsc.request("deliver_sm", {
      source_addr: "+66812345678",
      destination_addr: "4545",
      short_message: Buffer.from("STOP"),
    });
    expect(second.command_status).toBe(0);
    expect(stored.inbound).toEqual([{ source: "66812345678", destination: "4545", text: "STOP" }]);
  });

  it("reassembles a long reply from parts in any order, dropping repeats", async () => {
    const { smsc, stored } = await listening();
    const answers = [
      smsc.request("deliver_sm", moPart("0812345678", 7, 3, 3, " world")),
      smsc.request("deliver_sm", moPart("0812345678", 7, 3, 1, "Hello")),
      smsc.request("deliver_sm", moPart("0812345678", 7, 3, 1, "Hello")),
      // Same reference, another sender: another message.
      smsc.request("deliver_sm", moPart("0899999999", 7, 2, 1, "Other ")),
    ];
    await sleep(50);
    expect(stored.inbound).toEqual([]);
    answers.push(smsc.request("deliver_sm", moPart("0812345678", 7, 3, 2, ",")));
    await until(() => stored.inbound.length === 1);
    expect(stored.inbound).toEqual([{ source: "66812345678", destination: "4545", text: "Hello, world" }]);
    const responses = await Promise.all([answers[0]!, answers[1]!, answers[2]!, answers[4]!]);
    expect(responses.map((r) => r.command_status)).toEqual([0, 0, 0, 0]);
    // A repeat after the message was stored is answered and dropped.
    const repeat = await smsc.request("deliver_sm", moPart("0812345678", 7, 3, 2, ","));
    expect(repeat.command_status).toBe(0);
    const other = smsc.request("deliver_sm", moPart("0899999999", 7, 2, 2, "message"));
    expect((await other).command_status).toBe(0);
    expect((await answers[3]!).command_status).toBe(0);
    expect(stored.inbound).toEqual([
      { source: "66812345678", destination: "4545", text: "Hello, world" },
      { source: "66899999999", destination: "4545", text: "Other message" },
    ]);
  });

  it("reassembles a long Thai (UCS-2) reply from parts out of order, with a part sent twice", async () => {
    const { smsc, stored } = await listening();
    const parts = ["สวัสดีครับ สนใจโปรโมชั่น", "ที่ส่งมาเมื่อวาน ", "ขอรายละเอียดเพิ่มเติมด้วยครับ"];
    const answers = [
      smsc.request("deliver_sm", moPartUcs2("0812345678", 42, 3, 3, parts[2]!)),
      smsc.request("deliver_sm", moPartUcs2("0812345678", 42, 3, 1, parts[0]!)),
      smsc.request("deliver_sm", moPartUcs2("0812345678", 42, 3, 3, parts[2]!)),
      smsc.request("deliver_sm", moPartUcs2("0812345678", 42, 3, 2, parts[1]!)),
    ];
    await until(() => stored.inbound.length === 1);
    expect((await Promise.all(answers)).map((r) => r.command_status)).toEqual([0, 0, 0, 0]);
    expect(stored.inbound).toEqual([{ source: "66812345678", destination: "4545", text: parts.join("") }]);
  });

  it("takes a long Thai reply the local SMSC splits (npm run smsc's reply command), parts reversed and one repeated", async () => {
    const { smsc, stored } = await listening();
    expect(await smsc.reply("0812345678", "SMSPortal", LONG_THAI, { order: "reverse", repeat: true })).toBe(
      3,
    );
    await until(() => stored.inbound.length === 1);
    expect(stored.inbound).toEqual([{ source: "66812345678", destination: "SMSPortal", text: LONG_THAI }]);
  });

  it("holds an incomplete reply's parts briefly, then delivers what arrived after the assembly timeout", async () => {
    const { smsc, stored } = await listening({}, { moHoldMs: 300, moAssemblyTimeoutMs: 400 });
    const first = smsc.request("deliver_sm", moPart("66812345678", 9, 3, 1, "part one, "));
    const third = smsc.request("deliver_sm", moPart("66812345678", 9, 3, 3, "part three"));
    // Not stored yet: answered as a temporary error after the hold, so the SMSC keeps them.
    expect((await first).command_status).toBe(0x64);
    expect((await third).command_status).toBe(0x64);
    expect(stored.inbound).toEqual([]);
    // The SMSC sends part one again meanwhile: kept once, held until the timeout hands the message over.
    const again = smsc.request("deliver_sm", moPart("66812345678", 9, 3, 1, "part one, "));
    await until(() => stored.inbound.length === 1);
    expect(stored.inbound[0]!.text).toBe("part one, part three");
    expect((await again).command_status).toBe(0);
    // A repeat of a stored part is dropped; the missing part, arriving late, goes alone.
    expect(
      (await smsc.request("deliver_sm", moPart("66812345678", 9, 3, 3, "part three"))).command_status,
    ).toBe(0);
    expect(
      (await smsc.request("deliver_sm", moPart("66812345678", 9, 3, 2, "part two, "))).command_status,
    ).toBe(0);
    expect(stored.inbound.map((m) => m.text)).toEqual(["part one, part three", "part two, "]);
  });

  it("assembles a reply again when the listener failed to store it", async () => {
    const { smsc, stored, fail } = await listening();
    fail.inbound = 1;
    const parts = () =>
      Promise.all([
        smsc.request("deliver_sm", moPart("66812345678", 3, 2, 1, "ab")),
        smsc.request("deliver_sm", moPart("66812345678", 3, 2, 2, "cd")),
      ]);
    expect((await parts()).map((r) => r.command_status)).toEqual([0x64, 0x64]);
    expect((await parts()).map((r) => r.command_status)).toEqual([0, 0]);
    expect(stored.inbound.map((m) => m.text)).toEqual(["abcd"]);
  });
});

function byId(a: { gatewayId: string; state: number }, b: { gatewayId: string; state: number }): number {
  return a.gatewayId.localeCompare(b.gatewayId);
}

describe("SMPP gateway: failures at random", () => {
  it("never loses or doubles a message under drops, throttling and refusals", async () => {
    const { smsc, gateway, stored } = await listening(
      { latencyMs: [0, 5], dropRate: 0.01, throttleRate: 0.05, rejectRate: 0.02 },
      { binds: 2, window: 8 },
    );
    const batch = Array.from({ length: 400 }, (_, i) => message(i, i % 8 === 0 ? LONG_GSM : "x"));
    const outcomes = await gateway.submit(batch);
    const seen: Record<string, number> = {};
    for (const [i, outcome] of outcomes.entries()) {
      const m = batch[i]!;
      seen[outcome.status] = (seen[outcome.status] ?? 0) + 1;
      expect(outcome.reference).toBe(m.reference);
      const parts = Array.from({ length: m.text === LONG_GSM ? 3 : 1 }, (_, p) => smsc.part(m.to, p + 1));
      for (const p of parts) {
        // Only refusals are written again (throttled, re-queued by the client): never an accepted part.
        expect(p.accepted).toBeLessThanOrEqual(1);
        expect(p.received - p.throttled).toBeLessThanOrEqual(1);
      }
      switch (outcome.status) {
        case "accepted":
          expect(parts.every((p) => p.accepted === 1)).toBe(true);
          expect(outcome.parts.map((p) => p.gatewayId)).toEqual(smscIds(smsc, m.to));
          break;
        case "retry":
          expect(parts.every((p) => p.accepted === 0)).toBe(true);
          break;
        case "unknown":
          for (const p of outcome.parts) expect(parts[p.part - 1]!.accepted).toBe(1);
          break;
        default:
          throw new Error(`unexpected ${outcome.status}`);
      }
    }
    expect(seen.accepted).toBeGreaterThan(300);
    // Every accepted part's receipt is stored, across the reconnects.
    const acceptedIds = outcomes.flatMap((o) =>
      o.status === "accepted" ? o.parts.map((p) => p.gatewayId) : [],
    );
    await until(() => {
      const ids = new Set(stored.receipts.map((r) => r.gatewayId));
      return acceptedIds.every((id) => ids.has(id));
    });
  });
});

describe("SMPP gateway: close", () => {
  it("stores and acknowledges what arrived, then unbinds", async () => {
    const { smsc, gateway, stored, gate } = await listening();
    let open!: () => void;
    gate.receipts = new Promise((resolve) => {
      open = resolve;
    });
    await gateway.submit([message(1)]);
    await until(() => stored.calls.receipts === 1);
    let closed = false;
    const closing = gateway.close().then(() => {
      closed = true;
    });
    await sleep(50);
    expect(closed).toBe(false);
    expect(smsc.stats.deliverResponses).toBe(0);
    open();
    await closing;
    expect(stored.receipts).toHaveLength(1);
    expect(smsc.stats).toMatchObject({ deliverResponses: 1, deliverErrors: 0 });
    await until(() => smsc.boundConnections === 0);
    const outcomes = await gateway.submit([message(2)]);
    expect(outcomes).toEqual([
      { reference: "m-2", status: "retry", reason: "not bound: the SMPP gateway is closed" },
    ]);
  });
});
