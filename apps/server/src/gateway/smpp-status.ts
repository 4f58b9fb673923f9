/**
 * How SMPP answers become spec §4 (state, code) pairs, for the SMPP gateway (smpp-gateway.ts).
 *
 * Submit answers (submit_sm_resp command_status, SMPP 3.4 §5.1.3), for a message none of whose
 * parts was accepted:
 *
 * | command_status                                                  | outcome         |
 * |-----------------------------------------------------------------|-----------------|
 * | 0x0B RINVDSTADR, 0x50 RINVDSTTON, 0x51 RINVDSTNPI               | rejected 1/005  |
 * | 0x0A RINVSRCADR, 0x48 RINVSRCTON, 0x49 RINVSRCNPI               | rejected 1/006  |
 * | 0x15 RINVSERTYP                                                 | rejected 1/010  |
 * | 0x01–0x03, 0x06, 0x07, 0x43, 0x54, 0x61–0x63, 0xC0–0xC4 (PDU or | rejected 1/002  |
 * |   parameter malformed), and a part our side could not encode    |                 |
 * | 0x04 RINVBNDSTS, 0x05 RALYBND, 0x08 RSYSERR, 0x0D–0x0F (bind),  | retry           |
 * |   0x14 RMSGQFUL, 0x45 RSUBMITFAIL, 0x53 RINVSYSTYP,             |                 |
 * |   0x58 RTHROTTLED (after the client's own re-queues), 0x64      |                 |
 * |   RX_T_APPN; and parts never written (queue timeout, closing)   |                 |
 * | anything else (0xFE RDELIVERYFAILURE, 0xFF RUNKNOWNERR, vendor  | rejected 1/003  |
 * |   codes 0x400–0x4FF …)                                          |                 |
 *
 * Account-side problems (bind, system type) are "retry", so a configuration mistake delays
 * messages instead of failing them; an unlisted status is a permanent "network error" so an
 * unknown refusal cannot loop forever.
 *
 * Delivery receipts (stat and err of the receipt text, or the message_state TLV):
 *
 * | stat                      | pair                                                          |
 * |---------------------------|---------------------------------------------------------------|
 * | DELIVRD                   | 3/000                                                         |
 * | UNDELIV, DELETED          | 3/err when a state-3 failure, else 2/err, else 3/001          |
 * | REJECTD                   | 2/err when a state-2 failure (network side), else 3/err, else 3/001 |
 * | EXPIRED                   | 3/err or 2/err as UNDELIV, else 3/200                         |
 * | ENROUTE, ACCEPTD, UNKNOWN, none | not final: no pair, the receipt is acknowledged and dropped |
 *
 * err is taken as the SMSC's three-digit code ("5" reads "005"); it counts only when the pair is
 * a failure of the catalogue, so "000" under UNDELIV falls to the default.
 */
import { DELIVERY_STATUS_CATALOGUE } from "@sms/domain";
import type { ReceiptStat } from "./smpp/receipt.ts";

export type SubmitRefusal =
  | { status: "retry"; reason: string }
  | { status: "rejected"; state: 1; code: string };

type Row = readonly [statuses: readonly number[], name: string, outcome: "retry" | string];

const SUBMIT_STATUS_ROWS: readonly Row[] = [
  [[0x0b, 0x50, 0x51], "invalid destination", "005"],
  [[0x0a, 0x48, 0x49], "invalid source", "006"],
  [[0x15], "invalid service type", "010"],
  [
    [0x01, 0x02, 0x03, 0x06, 0x07, 0x43, 0x54, 0x61, 0x62, 0x63, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4],
    "malformed",
    "002",
  ],
  [[0x04, 0x05, 0x0d, 0x0e, 0x0f, 0x53], "bind", "retry"],
  [[0x08], "system error", "retry"],
  [[0x14], "queue full", "retry"],
  [[0x45], "submit failed", "retry"],
  [[0x58], "throttled", "retry"],
  [[0x64], "temporary application error", "retry"],
];

const BY_STATUS = new Map<number, { name: string; outcome: string }>();
for (const [statuses, name, outcome] of SUBMIT_STATUS_ROWS) {
  for (const status of statuses) BY_STATUS.set(status, { name, outcome });
}

/** What a refused submit (a non-zero command_status) means for the message. */
export function submitRefusal(commandStatus: number): SubmitRefusal {
  const row = BY_STATUS.get(commandStatus);
  const hex = `0x${commandStatus.toString(16).padStart(2, "0")}`;
  if (!row) return { status: "rejected", state: 1, code: "003" };
  if (row.outcome === "retry") return { status: "retry", reason: `${row.name} (${hex})` };
  return { status: "rejected", state: 1, code: row.outcome };
}

export interface ReceiptPair {
  state: number;
  code: string;
}

const FAILURES = new Set(
  DELIVERY_STATUS_CATALOGUE.filter((e) => e.kind === "failed" && e.state !== null && e.state >= 2).map(
    (e) => `${e.state}/${e.code}`,
  ),
);

/** The catalogue pair of a receipt, or null when it is not final (nothing to record). */
export function receiptStatus(stat: ReceiptStat | undefined, err: string | undefined): ReceiptPair | null {
  switch (stat) {
    case "DELIVRD":
      return { state: 3, code: "000" };
    case "UNDELIV":
    case "DELETED":
      return failure(err, [3, 2]) ?? { state: 3, code: "001" };
    case "REJECTD":
      return failure(err, [2, 3]) ?? { state: 3, code: "001" };
    case "EXPIRED":
      return failure(err, [3, 2]) ?? { state: 3, code: "200" };
    default:
      return null;
  }
}

function failure(err: string | undefined, states: readonly number[]): ReceiptPair | null {
  const code = errCode(err);
  if (code === null) return null;
  for (const state of states) {
    if (FAILURES.has(`${state}/${code}`)) return { state, code };
  }
  return null;
}

/** The SMSC's err as a three-digit code, or null when it is not a number of at most three digits. */
export function errCode(err: string | undefined): string | null {
  const value = err?.trim();
  if (!value || !/^\d{1,3}$/.test(value)) return null;
  return value.padStart(3, "0");
}
