/**
 * A local SMSC for development and benchmarks: `npm run smsc -- --port 2775 --latency 5-20`.
 * `npm run smsc -- --help` lists the options; every one is a flag or an SMSC_* environment
 * variable (the flag wins). It prints what it received and sent each second.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { LocalSmsc } from "../src/gateway/smpp/local-smsc.ts";
import { MESSAGE_ID_FORMATS } from "../src/gateway/smpp/message-id.ts";

const HELP = `Local SMSC (SMPP 3.4): binds, submit_sm answers with ids, one receipt per part
("id:… sub:001 dlvrd:… submit date:… done date:… stat:DELIVRD|UNDELIV err:000|001 text:…"),
receipts kept and sent again until answered ESME_ROK.

Usage: npm run smsc -- [options]   (each option also reads from the environment variable shown)

  --port n                 SMSC_PORT              listen port (default 2775; 0 picks one)
  --count n                SMSC_COUNT             start n SMSCs, on port, port+1, … (default 1):
                                                  several connections, routes and failover
  --host h                 SMSC_HOST              listen address (default 127.0.0.1)
  --system-id s            SMSC_SYSTEM_ID         required bind id (any when unset)
  --password p             SMSC_PASSWORD          required bind password (any when unset)
  --latency ms|min-max     SMSC_LATENCY_MS        delay before each submit_sm_resp (default 0)
  --receipt-delay ms       SMSC_RECEIPT_DELAY_MS  from the answer to the receipt (default 100)
  --redelivery-delay ms    SMSC_REDELIVERY_DELAY_MS  a receipt answered with an error is sent
                                                  again after this long (default 1000)
  --reject-rate 0-1        SMSC_REJECT_RATE       share of submits refused with --reject-status
  --reject-status n        SMSC_REJECT_STATUS     their command_status, decimal or 0x… (default
                                                  0x08 ESME_RSYSERR; 0x0b invalid destination)
  --throttle-rate 0-1      SMSC_THROTTLE_RATE     share answered ESME_RTHROTTLED (0x58)
  --max-tps n              SMSC_MAX_TPS           submits per second a bind may send; the rest
                                                  are answered ESME_RTHROTTLED
  --drop-rate 0-1          SMSC_DROP_RATE         share of submits after which the connection is
                                                  cut without an answer
  --undelivered-rate 0-1   SMSC_UNDELIVERED_RATE  share of parts receipted UNDELIV err 001
  --submit-id-format f     SMSC_SUBMIT_ID_FORMAT  text|hex|decimal ids in submit_sm_resp
  --receipt-id-format f    SMSC_RECEIPT_ID_FORMAT text|hex|decimal ids in receipts
  --idle-timeout ms        SMSC_IDLE_TIMEOUT_MS   drop binds silent for that long
  --help                   this text

While it runs, type a handset's reply on standard input (long ones go in parts, last part first
and the first part twice, as an SMSC may send them):
  reply <from> <to> <text>     e.g.  reply 0812345678 SMSPortal สนใจครับ ขอรายละเอียดเพิ่มเติม
`;

const FLAGS = {
  port: "SMSC_PORT",
  count: "SMSC_COUNT",
  host: "SMSC_HOST",
  "system-id": "SMSC_SYSTEM_ID",
  password: "SMSC_PASSWORD",
  latency: "SMSC_LATENCY_MS",
  "receipt-delay": "SMSC_RECEIPT_DELAY_MS",
  "redelivery-delay": "SMSC_REDELIVERY_DELAY_MS",
  "reject-rate": "SMSC_REJECT_RATE",
  "reject-status": "SMSC_REJECT_STATUS",
  "throttle-rate": "SMSC_THROTTLE_RATE",
  "max-tps": "SMSC_MAX_TPS",
  "drop-rate": "SMSC_DROP_RATE",
  "undelivered-rate": "SMSC_UNDELIVERED_RATE",
  "submit-id-format": "SMSC_SUBMIT_ID_FORMAT",
  "receipt-id-format": "SMSC_RECEIPT_ID_FORMAT",
  "idle-timeout": "SMSC_IDLE_TIMEOUT_MS",
} as const;

const { values } = parseArgs({
  options: {
    ...Object.fromEntries(Object.keys(FLAGS).map((k) => [k, { type: "string" as const }])),
    help: { type: "boolean" as const },
  },
});
if ((values as { help?: boolean }).help) {
  console.log(HELP);
  process.exit(0);
}
const raw = Object.fromEntries(
  Object.entries(FLAGS).map(([flag, env]) => [
    flag,
    (values as Record<string, string | undefined>)[flag] ?? process.env[env],
  ]),
);

const rate = z.coerce.number().min(0).max(1).optional();
const ZOptions = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(2775),
  count: z.coerce.number().int().min(1).max(16).default(1),
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
  "redelivery-delay": z.coerce.number().int().min(0).optional(),
  "reject-rate": rate,
  "reject-status": z
    .string()
    .regex(/^(0x[0-9a-f]+|\d+)$/i, "a command_status, decimal or 0x…")
    .transform(Number)
    .refine((n) => n > 0 && n <= 0xffffffff, "not an error status")
    .optional(),
  "throttle-rate": rate,
  "max-tps": z.coerce.number().positive().optional(),
  "drop-rate": rate,
  "undelivered-rate": rate,
  "submit-id-format": z.enum(MESSAGE_ID_FORMATS).default("text"),
  "receipt-id-format": z.enum(MESSAGE_ID_FORMATS).optional(),
  "idle-timeout": z.coerce.number().int().min(1).optional(),
});

const parsed = ZOptions.safeParse(raw);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
  console.error("npm run smsc -- --help lists the options");
  process.exit(1);
}
const o = parsed.data;
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
const smscs = Array.from(
  { length: o.count },
  (_, i) =>
    new LocalSmsc({
      port: o.port === 0 ? 0 : o.port + i,
      host: o.host,
      latencyMs: o.latency,
      receiptDelayMs: o["receipt-delay"],
      submitIdFormat: o["submit-id-format"],
      ...optional("systemId", o["system-id"]),
      ...optional("password", o.password),
      ...optional("redeliveryDelayMs", o["redelivery-delay"]),
      ...optional("rejectRate", o["reject-rate"]),
      ...optional("rejectStatus", o["reject-status"]),
      ...optional("throttleRate", o["throttle-rate"]),
      ...optional("maxTps", o["max-tps"]),
      ...optional("dropRate", o["drop-rate"]),
      ...optional("undeliveredRate", o["undelivered-rate"]),
      ...optional("receiptIdFormat", o["receipt-id-format"]),
      ...optional("idleTimeoutMs", o["idle-timeout"]),
    }),
);
const ports: number[] = [];
for (const [i, smsc] of smscs.entries()) {
  smsc.on("warning", (message: string) => console.warn(`smsc ${i + 1}: ${message}`));
  ports.push(await smsc.start());
}
console.log(
  smscs.length === 1
    ? `Local SMSC listening on ${o.host}:${ports[0]} (SMPP 3.4)`
    : `${smscs.length} local SMSCs listening on ${ports.map((p) => `${o.host}:${p}`).join(", ")} (SMPP 3.4)`,
);

const lasts = smscs.map((smsc) => ({ ...smsc.stats }));
const report = setInterval(() => {
  smscs.forEach((smsc, i) => {
    const last = lasts[i] ?? { ...smsc.stats };
    const now = { ...smsc.stats };
    if (now.submits !== last.submits || now.receiptsSent !== last.receiptsSent) {
      const delta = (key: "submits" | "accepted" | "receiptsSent") => now[key] - last[key];
      console.log(
        `${smscs.length > 1 ? `[${ports[i]}] ` : ""}binds ${smsc.bindKinds().join(",") || "none"}  submits ${now.submits} (+${delta("submits")}/s, ` +
          `accepted +${delta("accepted")}/s, throttled ${now.throttled}, rejected ${now.rejected}, drops ${now.drops})  ` +
          `receipts ${now.receiptsSent} (+${delta("receiptsSent")}/s, errors ${now.deliverErrors}, held ${smsc.heldReceipts})`,
      );
    }
    lasts[i] = now;
  });
}, 1000);

// A handset's reply typed on standard input goes to the first SMSC's receiving bind.
const lines = createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const match = /^reply\s+(\S+)\s+(\S+)\s+(.+)$/.exec(line.trim());
  const first = smscs[0];
  if (!match || !first) {
    if (line.trim()) console.log("type: reply <from> <to> <text>");
    return;
  }
  const [, from = "", to = "", text = ""] = match;
  void first
    .reply(from, to, text, { order: "reverse", repeat: true })
    .then((parts) =>
      console.log(
        parts === 0 ? "no receiver bound: reply not sent" : `reply from ${from} sent in ${parts} part(s)`,
      ),
    );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    clearInterval(report);
    lines.close();
    void Promise.all(smscs.map((smsc) => smsc.stop())).then(() => process.exit(0));
  });
}
