/**
 * Throughput of the SMPP gateway's submit batches with receipts on, against an SMSC:
 *   npm run smsc -- --port 2775 &        (another process, as a real SMSC would be)
 *   node --import tsx apps/server/src/gateway/smpp/bench.ts --port 2775 --binds 4 --window 50 --tps 5000
 * Without --port it starts a LocalSmsc in this process (which then shares the event loop).
 * The listener stores nothing (it resolves at once), so this measures the adapter and the wire.
 */
import { parseArgs } from "node:util";
import { createSmppGateway } from "../smpp-gateway.ts";
import type { GatewaySubmit } from "../sms-gateway.ts";
import { LocalSmsc } from "./local-smsc.ts";

const { values } = parseArgs({
  options: {
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string" },
    binds: { type: "string", default: "4" },
    window: { type: "string", default: "50" },
    tps: { type: "string", default: "5000" },
    messages: { type: "string", default: "20000" },
    batch: { type: "string", default: "1000" },
    text: { type: "string", default: "Your code is 123456" },
  },
});
const n = (key: keyof typeof values) => Number(values[key]);

let smsc: LocalSmsc | null = null;
let port = values.port === undefined ? 0 : Number(values.port);
if (values.port === undefined) {
  smsc = new LocalSmsc({ port: 0, receiptDelayMs: 50 });
  port = await smsc.start();
}

let receipts = 0;
const gateway = createSmppGateway({
  host: values.host,
  port,
  systemId: "bench",
  password: "bench",
  binds: n("binds"),
  window: n("window"),
  tps: n("tps"),
  onWarning: (m) => console.warn(m),
});
gateway.listen({
  receipts: async (batch) => {
    receipts += batch.length;
  },
  inbound: async () => {},
  lateAccepts: async () => {},
});

const total = n("messages");
const size = n("batch");
const counts: Record<string, number> = {};
let wireParts = 0;
// Warm-up: binds up.
await gateway.submit([{ reference: "warm-up", to: "66800000000", sender: "Bench", text: "x" }]);
const receiptsBefore = receipts;
const started = performance.now();
for (let offset = 0; offset < total; offset += size) {
  const batch: GatewaySubmit[] = Array.from({ length: Math.min(size, total - offset) }, (_, i) => ({
    reference: `b-${offset + i}`,
    to: `668${String(offset + i).padStart(8, "0")}`,
    sender: "Bench",
    text: values.text,
  }));
  for (const outcome of await gateway.submit(batch)) {
    counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
    if (outcome.status === "accepted") wireParts += outcome.wireParts;
  }
}
const submitted = performance.now() - started;
const deadline = Date.now() + 60_000;
while (receipts - receiptsBefore < wireParts && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 5));
}
const withReceipts = performance.now() - started;
console.log(
  JSON.stringify({
    binds: n("binds"),
    window: n("window"),
    tpsPerBind: n("tps"),
    messages: total,
    batch: size,
    outcomes: counts,
    wireParts,
    submitSeconds: +(submitted / 1000).toFixed(2),
    messagesPerSecond: Math.round(total / (submitted / 1000)),
    receipts: receipts - receiptsBefore,
    allReceiptsSeconds: +(withReceipts / 1000).toFixed(2),
    inProcessSmsc: smsc !== null,
  }),
);
await gateway.close();
await smsc?.stop();
