/**
 * A local SMSC for development and benchmarks: `npm run smsc -- --port 2775 --latency 5-20`.
 * Every option is a flag or an SMSC_* environment variable (the flag wins):
 *   --port (SMSC_PORT, default 2775)            --host (SMSC_HOST, default 127.0.0.1)
 *   --system-id / --password (SMSC_SYSTEM_ID / SMSC_PASSWORD; any credentials bind when unset)
 *   --latency ms or min-max before each submit_sm_resp (SMSC_LATENCY_MS, default 0)
 *   --receipt-delay ms from answer to receipt (SMSC_RECEIPT_DELAY_MS, default 100)
 *   --reject-rate, --throttle-rate, --undelivered-rate 0–1 (SMSC_REJECT_RATE, …)
 *   --submit-id-format, --receipt-id-format text|hex|decimal (SMSC_SUBMIT_ID_FORMAT, …)
 *   --idle-timeout ms: drop binds silent for that long (SMSC_IDLE_TIMEOUT_MS)
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { LocalSmsc } from "../src/gateway/smpp/local-smsc.ts";
import { MESSAGE_ID_FORMATS } from "../src/gateway/smpp/message-id.ts";

const FLAGS = {
  port: "SMSC_PORT",
  host: "SMSC_HOST",
  "system-id": "SMSC_SYSTEM_ID",
  password: "SMSC_PASSWORD",
  latency: "SMSC_LATENCY_MS",
  "receipt-delay": "SMSC_RECEIPT_DELAY_MS",
  "reject-rate": "SMSC_REJECT_RATE",
  "throttle-rate": "SMSC_THROTTLE_RATE",
  "undelivered-rate": "SMSC_UNDELIVERED_RATE",
  "submit-id-format": "SMSC_SUBMIT_ID_FORMAT",
  "receipt-id-format": "SMSC_RECEIPT_ID_FORMAT",
  "idle-timeout": "SMSC_IDLE_TIMEOUT_MS",
} as const;

const { values } = parseArgs({
  options: Object.fromEntries(Object.keys(FLAGS).map((k) => [k, { type: "string" as const }])),
});
const raw = Object.fromEntries(
  Object.entries(FLAGS).map(([flag, env]) => [
    flag,
    (values as Record<string, string | undefined>)[flag] ?? process.env[env],
  ]),
);

const rate = z.coerce.number().min(0).max(1).optional();
const ZOptions = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(2775),
  host: z.string().default("127.0.0.1"),
  "system-id": z.string().optional(),
  password: z.string().optional(),
  latency: z
    .string()
    .regex(/^\d+(-\d+)?$/, "a number of ms or min-max")
    .default("0")
    .transform((v): number | [number, number] => {
      const [min, max] = v.split("-").map(Number) as [number, number | undefined];
      return max === undefined ? min : [min, max];
    }),
  "receipt-delay": z.coerce.number().int().min(0).default(100),
  "reject-rate": rate,
  "throttle-rate": rate,
  "undelivered-rate": rate,
  "submit-id-format": z.enum(MESSAGE_ID_FORMATS).default("text"),
  "receipt-id-format": z.enum(MESSAGE_ID_FORMATS).optional(),
  "idle-timeout": z.coerce.number().int().min(1).optional(),
});

const parsed = ZOptions.safeParse(raw);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
  process.exit(1);
}
const o = parsed.data;
const smsc = new LocalSmsc({
  port: o.port,
  host: o.host,
  latencyMs: o.latency,
  receiptDelayMs: o["receipt-delay"],
  submitIdFormat: o["submit-id-format"],
  ...(o["system-id"] === undefined ? {} : { systemId: o["system-id"] }),
  ...(o.password === undefined ? {} : { password: o.password }),
  ...(o["reject-rate"] === undefined ? {} : { rejectRate: o["reject-rate"] }),
  ...(o["throttle-rate"] === undefined ? {} : { throttleRate: o["throttle-rate"] }),
  ...(o["undelivered-rate"] === undefined ? {} : { undeliveredRate: o["undelivered-rate"] }),
  ...(o["receipt-id-format"] === undefined ? {} : { receiptIdFormat: o["receipt-id-format"] }),
  ...(o["idle-timeout"] === undefined ? {} : { idleTimeoutMs: o["idle-timeout"] }),
});
smsc.on("warning", (message: string) => console.warn(`smsc: ${message}`));
const port = await smsc.start();
console.log(`Local SMSC listening on ${o.host}:${port} (SMPP 3.4)`);

let last = { submits: 0, receipts: 0 };
const report = setInterval(() => {
  const { submits, receiptsSent: receipts } = smsc.stats;
  if (submits !== last.submits || receipts !== last.receipts) {
    console.log(
      `binds ${smsc.boundConnections}  submits ${submits} (+${submits - last.submits}/s)  receipts ${receipts} (+${receipts - last.receipts}/s)`,
    );
  }
  last = { submits, receipts };
}, 1000);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    clearInterval(report);
    void smsc.stop().then(() => process.exit(0));
  });
}
