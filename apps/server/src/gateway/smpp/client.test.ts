import { afterEach, describe, expect, it } from "vitest";
import { Deadlines, SmppClient } from "./client.ts";
import { LocalSmsc, type LocalSmscOptions, type ReceivedSubmit } from "./local-smsc.ts";
import { cstring, peak, rawDeliverSm, sleep, tlv, until } from "./test-support.ts";
import {
  type SmppClientOptions,
  type SmppInbound,
  SmppNotSentError,
  type SmppReceipt,
  SmppSubmitError,
  SmppUnknownOutcomeError,
  type SubmitResult,
} from "./types.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(smscOptions: LocalSmscOptions = {}, clientOptions: Partial<SmppClientOptions> = {}) {
  const smsc = new LocalSmsc({ port: 0, record: true, receiptDelayMs: 10, ...smscOptions });
  const port = await smsc.start();
  cleanups.push(() => smsc.stop());
  const client = new SmppClient({
    host: "127.0.0.1",
    port,
    systemId: "portal",
    password: "secret",
    tps: 1000,
    window: 10,
    reconnectMinMs: 20,
    reconnectMaxMs: 200,
    ...clientOptions,
  });
  cleanups.push(() => client.close());
  const receipts: SmppReceipt[] = [];
  const inbound: SmppInbound[] = [];
  client.on("receipt", (r) => receipts.push(r));
  client.on("inbound", (m) => inbound.push(m));
  await client.connect();
  return { smsc, client, receipts, inbound };
}

describe("SmppClient against the local SMSC", () => {
  it("binds, submits and matches the receipt despite case and leading zeros", async () => {
    const { smsc, client, receipts } = await setup({ systemId: "portal", password: "secret" });
    const result = await client.submit({ source: "SMSPortal", destination: "66812345678", text: "Hello" });
    expect(result).toMatchObject({ encoding: "gsm7", dataCoding: 0, billedParts: 1 });
    expect(result.messageIds).toHaveLength(1);
    const [submit] = smsc.submits;
    expect(submit).toMatchObject({
      source: "SMSPortal",
      destination: "66812345678",
      text: "Hello",
      esmClass: 0,
      registeredDelivery: 1,
      udh: null,
    });
    expect(result.parts[0]!.rawMessageId).toBe(submit!.messageId);
    await until(() => receipts.length === 1);
    expect(receipts[0]!.rawMessageId).not.toBe(result.parts[0]!.rawMessageId);
    expect(receipts[0]).toMatchObject({ messageId: result.messageIds[0], stat: "DELIVRD", err: "000" });
  });

  it("sends one text to many numbers, and each part of a long one under its own reference, from one split", async () => {
    const { smsc, client } = await setup();
    const long = "A campaign text long enough for two parts. ".repeat(5).trim();
    const texts = [long, long, "Short", long];
    const results = await Promise.all(
      texts.map((text, i) => client.submit({ source: "SMSPortal", destination: `6681234567${i}`, text })),
    );
    expect(results.map((r) => r.parts.length)).toEqual([2, 2, 1, 2]);
    await until(() => smsc.submits.length === 7);
    for (const [i, text] of texts.entries()) {
      const parts = smsc.submits.filter((s) => s.destination === `6681234567${i}`);
      expect(parts.map((p) => p.text).join("")).toBe(text);
    }
    // Every long message has a concatenation reference of its own.
    const references = new Set(
      smsc.submits.filter((s) => s.udh).map((s) => `${s.destination}:${s.udh!.reference}`),
    );
    expect(new Set([...references].map((r) => r.split(":")[1])).size).toBe(3);
  });

  it("refuses to connect with wrong credentials", async () => {
    const smsc = new LocalSmsc({ port: 0, systemId: "portal", password: "secret" });
    const port = await smsc.start();
    cleanups.push(() => smsc.stop());
    const client = new SmppClient({ host: "127.0.0.1", port, systemId: "portal", password: "wrong" });
    await expect(client.connect()).rejects.toMatchObject({ name: "SmppBindError", commandStatus: 0x0e });
  });

  it("sends a long GSM and a long Thai text as multipart with UDH and data_coding, one receipt per part", async () => {
    const { smsc, client, receipts } = await setup();
    const gsm = "The quick brown fox jumps over the lazy dog. ".repeat(8).trim(); // 359 characters
    const thai = "ขอบคุณที่ใช้บริการ ยอดคงเหลือของท่านคือ 100 บาท ".repeat(4).trim();
    const results: SubmitResult[] = [];
    for (const text of [gsm, thai]) {
      results.push(await client.submit({ source: "SMSPortal", destination: "66812345678", text }));
    }
    const [gsmResult, thaiResult] = results as [SubmitResult, SubmitResult];
    expect(gsmResult).toMatchObject({ encoding: "gsm7", dataCoding: 0, billedParts: 3 });
    expect(gsmResult.messageIds).toHaveLength(3);
    expect(thaiResult).toMatchObject({ encoding: "ucs2", dataCoding: 8 });
    expect(thaiResult.messageIds).toHaveLength(Math.ceil(thai.length / 67));

    const byMessage = (ids: string[]) =>
      smsc.submits.filter((s) => ids.some((id) => id === s.messageId.toLowerCase().replace(/^0+/, "")));
    for (const [result, text, dataCoding] of [
      [gsmResult, gsm, 0],
      [thaiResult, thai, 8],
    ] as const) {
      const parts = byMessage(result.messageIds);
      expect(parts).toHaveLength(result.messageIds.length);
      const reference = parts[0]!.udh!.reference;
      parts.forEach((p: ReceivedSubmit, i) => {
        expect(p.esmClass & 0x40).toBe(0x40);
        expect(p.dataCoding).toBe(dataCoding);
        expect(p.udh).toEqual({ reference, total: parts.length, sequence: i + 1 });
      });
      expect(parts.map((p) => p.text).join("")).toBe(text);
    }
    expect(gsmResult.messageIds).not.toEqual(thaiResult.messageIds);
    expect(smsc.submits[0]!.udh!.reference).not.toBe(smsc.submits[3]!.udh!.reference);

    const all = [...gsmResult.messageIds, ...thaiResult.messageIds];
    await until(() => receipts.length === all.length);
    expect(receipts.map((r) => r.messageId).sort()).toEqual([...all].sort());
  });

  it("matches a hex submit id with its decimal receipt id", async () => {
    const { client, receipts } = await setup(
      { submitIdFormat: "hex", receiptIdFormat: "decimal" },
      { submitIdFormat: "hex", receiptIdFormat: "decimal" },
    );
    const result = await client.submit({ source: "SMSPortal", destination: "66812345678", text: "id test" });
    await until(() => receipts.length === 1);
    expect(result.parts[0]!.rawMessageId).toBe("1A2B");
    expect(receipts[0]!.rawMessageId).toBe("6699");
    expect(receipts[0]!.messageId).toBe(result.messageIds[0]);
  });

  it("reconnects after the SMSC drops the connection mid-stream: nothing lost, nothing duplicated", async () => {
    const { smsc, client } = await setup({ latencyMs: [2, 15] }, { window: 8 });
    let unbound = 0;
    let bound = 0;
    client.on("unbound", () => unbound++);
    client.on("bound", () => bound++);
    let seen = 0;
    smsc.on("submit", () => {
      if (++seen === 60) smsc.dropConnections();
    });
    const total = 200;
    const destinations = Array.from({ length: total }, (_, i) => `6681${String(i).padStart(7, "0")}`);
    const settled = await Promise.allSettled(
      destinations.map((destination) => client.submit({ source: "SMSPortal", destination, text: "x" })),
    );

    expect(unbound).toBe(1);
    expect(bound).toBe(1);
    const countAt = new Map<string, ReceivedSubmit[]>();
    for (const s of smsc.submits) countAt.set(s.destination, [...(countAt.get(s.destination) ?? []), s]);
    let accepted = 0;
    let unknown = 0;
    for (const [i, outcome] of settled.entries()) {
      const atServer = countAt.get(destinations[i]!) ?? [];
      // The client never writes a part twice.
      expect(atServer.length).toBeLessThanOrEqual(1);
      if (outcome.status === "fulfilled") {
        accepted++;
        expect(atServer).toHaveLength(1);
        expect(outcome.value.parts[0]!.rawMessageId).toBe(atServer[0]!.messageId);
        continue;
      }
      expect(outcome.reason).toBeInstanceOf(SmppUnknownOutcomeError);
      const error = outcome.reason as SmppUnknownOutcomeError;
      expect(error.outcome).toBe("unknown");
      expect(error.retriable).toBe(false);
      expect(error.parts[0]).toMatchObject({ state: "unknown", reason: "connection-lost" });
      // Written before the drop: the SMSC may have read it (and not answered) or never got it.
      unknown++;
    }
    // The submit that triggered the drop at least was in flight; the queued ones went after the rebind.
    expect(unknown).toBeGreaterThanOrEqual(1);
    expect(unknown).toBeLessThanOrEqual(8);
    expect(accepted + unknown).toBe(total);
    expect(smsc.submits.length).toBeGreaterThanOrEqual(accepted);
    expect(smsc.submits.length).toBeLessThanOrEqual(total);
  });

  it("reports a timed-out submit as unknown, then settles it from the late response", async () => {
    const { client } = await setup({ latencyMs: 300 }, { pduTimeoutMs: 100 });
    const late: { tag?: string; messageId?: string }[] = [];
    client.on("lateResponse", (r) => late.push(r));
    const error = await client
      .submit({ source: "SMSPortal", destination: "66812345678", text: "slow", tag: "m-1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmppUnknownOutcomeError);
    expect(error).toMatchObject({
      outcome: "unknown",
      tag: "m-1",
      parts: [{ state: "unknown", reason: "timeout" }],
    });
    await until(() => late.length === 1);
    expect(late[0]).toMatchObject({ tag: "m-1", messageId: "1a2b" });
  });

  it("fails a submit that waited queueTimeoutMs for room in the window as not sent, never written", async () => {
    const { smsc, client } = await setup({ latencyMs: 300 }, { window: 1, queueTimeoutMs: 100 });
    const results = await Promise.all(
      ["66812345671", "66812345672", "66812345673"].map((destination) =>
        client.submit({ source: "SMSPortal", destination, text: "queued" }).catch((e: unknown) => e),
      ),
    );
    expect(results[0]).toHaveProperty("messageIds");
    for (const waited of results.slice(1)) {
      expect(waited).toMatchObject({
        outcome: "not-sent",
        retriable: true,
        parts: [{ reason: "queue-timeout" }],
      });
    }
    expect(smsc.part("66812345672").received + smsc.part("66812345673").received).toBe(0);
  });

  it("submitWith calls back once per message and tells each part's id as it is accepted", async () => {
    const { client } = await setup({ latencyMs: [0, 40] });
    const accepted: string[] = [];
    const result = await new Promise<SubmitResult | null>((resolve, reject) =>
      client.submitWith(
        { source: "SMSPortal", destination: "66812345678", text: "x".repeat(400) },
        (error, done) => (error ? reject(error) : resolve(done)),
        (id) => accepted.push(id),
      ),
    );
    expect(accepted.sort()).toEqual([...(result?.messageIds ?? [])].sort());
    expect(accepted).toHaveLength(3);
    // Nothing to send: called back at once, with no part.
    const empty = await new Promise<SubmitResult | null>((resolve) =>
      client.submitWith({ source: "SMSPortal", destination: "66812345678", text: "" }, (_, done) =>
        resolve(done),
      ),
    );
    expect(empty).toMatchObject({ messageIds: [], parts: [] });
  });

  it("reports a refused submit as not sent, with whether a retry makes sense", async () => {
    const { client } = await setup({ rejectRate: 1 });
    const error = await client
      .submit({ source: "SMSPortal", destination: "66812345678", text: "no" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SmppNotSentError);
    expect(error).toMatchObject({
      outcome: "not-sent",
      retriable: true,
      parts: [{ state: "not-sent", reason: "rejected", commandStatus: 0x08 }],
    });
  });

  it("fails submits still queued at close() as not sent and retriable", async () => {
    const { client } = await setup({ latencyMs: 50 }, { window: 1 });
    const pending = Array.from({ length: 3 }, () =>
      client.submit({ source: "SMSPortal", destination: "66812345678", text: "q" }).catch((e: unknown) => e),
    );
    await new Promise((r) => setTimeout(r, 10));
    await client.close();
    const [first, ...rest] = await Promise.all(pending);
    expect(first).toHaveProperty("messageIds");
    for (const e of rest) {
      expect(e).toBeInstanceOf(SmppSubmitError);
      expect(e).toMatchObject({ outcome: "not-sent", retriable: true, parts: [{ reason: "closed" }] });
    }
  });

  it("fails queued submits as not bound once every bind has been lost for unboundQueueMs, and sends again after a rebind", async () => {
    const { smsc, client } = await setup({}, { unboundQueueMs: 300, queueTimeoutMs: 60_000 });
    await client.submit({ source: "SMSPortal", destination: "66812345678", text: "before" });
    // The SMSC dies: binds are cut and new connections refused.
    await smsc.crash();
    await until(() => client.boundCount === 0);
    const started = performance.now();
    const queued = await client
      .submit({ source: "SMSPortal", destination: "66812345679", text: "while down" })
      .catch((e: unknown) => e);
    // Not the 60 s queue timeout: the unbound limit, and nothing reached the SMSC.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(queued).toMatchObject({ outcome: "not-sent", retriable: true, parts: [{ reason: "not-bound" }] });
    expect(smsc.part("66812345679").received).toBe(0);
    // Still down: a new submit fails at once.
    const atOnce = await client
      .submit({ source: "SMSPortal", destination: "66812345670", text: "still down" })
      .catch((e: unknown) => e);
    expect(atOnce).toMatchObject({ parts: [{ reason: "not-bound" }] });
    // Back on the same port: the client rebinds and submits again.
    await smsc.start();
    await until(() => client.boundCount === 1, 10_000);
    const after = await client.submit({ source: "SMSPortal", destination: "66812345671", text: "back" });
    expect(after.messageIds).toHaveLength(1);
    expect(smsc.part("66812345671").accepted).toBe(1);
  });

  it("never has more than the window outstanding at the SMSC", async () => {
    const { smsc, client } = await setup({ latencyMs: [5, 20] }, { window: 3 });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.submit({
          source: "SMSPortal",
          destination: `668100000${String(i).padStart(2, "0")}`,
          text: "w",
        }),
      ),
    );
    expect(smsc.stats.submits).toBe(40);
    expect(smsc.stats.maxOutstanding).toBe(3);
  });

  it("holds the TPS per bind, with several binds in parallel", async () => {
    const { smsc, client } = await setup({}, { tps: 20, binds: 2, window: 50 });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        client.submit({
          source: "SMSPortal",
          destination: `668100000${String(i).padStart(2, "0")}`,
          text: "t",
        }),
      ),
    );
    const elapsed = performance.now() - started;
    // 80 submits at 2 × 20/s: about 2 s after the first burst.
    expect(elapsed).toBeGreaterThan(1700);
    const connections = new Set(smsc.submits.map((s) => s.connection));
    expect(connections.size).toBe(2);
    for (const connection of connections) {
      const arrivals = smsc.submits.filter((s) => s.connection === connection);
      const times = smsc.stats.arrivals.filter((_, i) => smsc.submits[i]!.connection === connection);
      expect(arrivals.length).toBeGreaterThan(30);
      // 20 per second plus the one-token burst.
      expect(peak(times, 1000)).toBeLessThanOrEqual(21);
    }
  });

  it("keeps an idle bind alive with enquire_link and answers the SMSC's", async () => {
    const { smsc, client } = await setup({ idleTimeoutMs: 150 }, { enquireLinkMs: 40 });
    let unbound = 0;
    client.on("unbound", () => unbound++);
    await new Promise((r) => setTimeout(r, 500));
    expect(unbound).toBe(0);
    expect(smsc.stats.enquireLinks).toBeGreaterThanOrEqual(5);
    const response = await smsc.request("enquire_link");
    expect(response).toMatchObject({ command: "enquire_link_resp", command_status: 0 });
    await client.submit({ source: "SMSPortal", destination: "66812345678", text: "still here" });
  });

  it("rebinds after an idle timeout when keep-alive is too slow", async () => {
    const { smsc, client } = await setup({ idleTimeoutMs: 80 }, { enquireLinkMs: 10_000 });
    let unbound = 0;
    client.on("unbound", () => unbound++);
    await until(() => unbound >= 1);
    await until(() => client.boundCount === 1 && smsc.boundConnections === 1);
    await client.submit({ source: "SMSPortal", destination: "66812345678", text: "back" });
  });

  it("survives deliver_sm without short_message and answers every one", async () => {
    const { smsc, receipts, inbound } = await setup();
    // A receipt with sm_length 0 and its facts only in TLVs.
    smsc.writeRaw(
      rawDeliverSm(1, 0x04, true, [tlv(0x001e, cstring("0000001A2B")), tlv(0x0427, Buffer.of(5))]),
    );
    // A PDU that ends before sm_length: the package leaves short_message absent.
    smsc.writeRaw(rawDeliverSm(2, 0x00, false, []));
    await until(() => smsc.stats.deliverResponses === 2);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ messageId: "1a2b", stat: "UNDELIV", fields: {} });
    expect(inbound).toEqual([expect.objectContaining({ source: "66812345678", text: "" })]);
  });

  it("emits a mobile-originated message as inbound", async () => {
    const { smsc, inbound, receipts } = await setup();
    smsc.deliver({
      source_addr: "66812345678",
      destination_addr: "4545",
      esm_class: 0,
      data_coding: 8,
      short_message: Buffer.from("หยุด", "utf16le").swap16(),
    });
    smsc.deliver({
      source_addr: "66899999999",
      destination_addr: "4545",
      esm_class: 0,
      short_message: Buffer.from("STOP"),
    });
    await until(() => inbound.length === 2);
    expect(inbound[0]).toMatchObject({
      source: "66812345678",
      destination: "4545",
      text: "หยุด",
      dataCoding: 8,
    });
    expect(inbound[1]).toMatchObject({ text: "STOP", dataCoding: 0 });
    expect(receipts).toHaveLength(0);
    await until(() => smsc.stats.deliverResponses === 2);
  });
});

describe("SmppClient: acknowledgements, bind modes, throttling", () => {
  it("with manualAck, answers a deliver_sm only when acked: ESME_ROK, or 0x64 so the SMSC sends it again", async () => {
    const { smsc, client } = await setup({ redeliveryDelayMs: 20 }, { manualAck: true });
    const acks: ((ok: boolean) => void)[] = [];
    const ids: string[] = [];
    client.on("receipt", (r, ack) => {
      ids.push(r.messageId);
      acks.push(ack);
    });
    const result = await client.submit({ source: "SMSPortal", destination: "66812345678", text: "ack me" });
    await until(() => acks.length === 1);
    await sleep(50);
    expect(smsc.stats.deliverResponses).toBe(0);
    acks[0]!(false);
    await until(() => acks.length === 2);
    expect(smsc.stats).toMatchObject({ deliverResponses: 1, deliverErrors: 1, redeliveries: 1 });
    acks[1]!(true);
    acks[1]!(false); // later calls are ignored
    await until(() => smsc.stats.deliverResponses === 2);
    await sleep(50);
    expect(smsc.stats).toMatchObject({ deliverResponses: 2, deliverErrors: 1, redeliveries: 1 });
    expect(ids).toEqual([result.messageIds[0], result.messageIds[0]]);
  });

  it("answers a deliver_sm nobody acknowledged with 0x64 after ackTimeoutMs", async () => {
    const { smsc, client } = await setup(
      { redeliveryDelayMs: 10_000 },
      { manualAck: true, ackTimeoutMs: 80 },
    );
    const warnings: string[] = [];
    client.on("warning", (w) => warnings.push(w.message));
    client.on("receipt", () => {});
    await client.submit({ source: "SMSPortal", destination: "66812345678", text: "forgotten" });
    await until(() => smsc.stats.deliverResponses === 1);
    expect(smsc.stats.deliverErrors).toBe(1);
    expect(warnings).toContain("deliver_sm not acknowledged in time");
  });

  it("binds as a transmitter (no deliver_sm), then switches to transceiver without losing a submit", async () => {
    const { smsc, client, receipts } = await setup({ latencyMs: [2, 8] }, { bindMode: "transmitter" });
    expect(smsc.bindKinds()).toEqual(["transmitter"]);
    const first = await client.submit({ source: "SMSPortal", destination: "66812345670", text: "one" });
    await until(() => smsc.heldReceipts === 1);
    expect(receipts).toHaveLength(0);
    const modes: string[] = [];
    client.on("bound", (b) => modes.push(b.mode));
    // Submits under way while the bind switches are answered on the old bind or queued for the new one.
    const during = Array.from({ length: 20 }, (_, i) =>
      client.submit({ source: "SMSPortal", destination: `6681234${String(i).padStart(4, "0")}`, text: "x" }),
    );
    client.setBindMode("transceiver");
    const results = await Promise.all(during);
    expect(results.every((r) => r.messageIds.length === 1)).toBe(true);
    expect(modes).toEqual(["transceiver"]);
    expect(smsc.bindKinds()).toEqual(["transceiver"]);
    // The receipt kept for the transmitter comes to the transceiver, then the 20 others.
    await until(() => receipts.length === 21);
    expect(receipts.map((r) => r.messageId)).toContain(first.messageIds[0]);
    expect(smsc.stats.submits).toBe(21);
  });

  it("re-queues a throttled part, pausing the bind and halving its rate at most once a second", async () => {
    const { smsc, client } = await setup({ respond: (_, index) => (index < 3 ? 0x58 : undefined) });
    const rates: number[] = [];
    client.on("throttled", (t) => rates.push(t.tps));
    const started = performance.now();
    const result = await client.submit({
      source: "SMSPortal",
      destination: "66812345678",
      text: "slow down",
    });
    expect(result.messageIds).toHaveLength(1);
    expect(smsc.part("66812345678")).toMatchObject({ received: 4, throttled: 3, accepted: 1 });
    // Three pauses of 100 ms; one halving for the three answers within the second.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(rates).toEqual([500]);
    expect(client.bindRates).toEqual([500]);
  });

  it("fails a part as not sent (throttled, retriable) after throttleRetries", async () => {
    const { smsc, client } = await setup({ throttleRate: 1 }, { throttleRetries: 2 });
    const error = await client
      .submit({ source: "SMSPortal", destination: "66812345678", text: "never" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmppNotSentError);
    expect(error).toMatchObject({
      retriable: true,
      parts: [{ state: "not-sent", reason: "throttled", commandStatus: 0x58 }],
    });
    expect(smsc.part("66812345678")).toMatchObject({ received: 3, throttled: 3, accepted: 0 });
  });
});

describe("Deadlines", () => {
  it("expires entries in the order they were added, once each, skipping deleted ones; adding again starts over", async () => {
    const expired: string[] = [];
    const deadlines = new Deadlines<string>(40);
    for (const key of ["a", "b", "c", "d"]) deadlines.add(key, () => expired.push(key));
    expect(deadlines.delete("b")).toBe(true);
    await sleep(20);
    deadlines.add("a", () => expired.push("a again"));
    await until(() => expired.length === 2);
    expect(expired).toEqual(["c", "d"]);
    await until(() => expired.length === 3);
    expect(expired).toEqual(["c", "d", "a again"]);
    expect(deadlines.size).toBe(0);
    deadlines.add("e", () => expired.push("e"));
    deadlines.clear();
    await sleep(60);
    expect(expired).toHaveLength(3);
  });
});
