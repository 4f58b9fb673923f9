/** The stat values of SMPP 3.4 Appendix B, and the message_state TLV values (§5.2.28) mapped onto them. */
export type ReceiptStat =
  | "ENROUTE"
  | "DELIVRD"
  | "EXPIRED"
  | "DELETED"
  | "UNDELIV"
  | "ACCEPTD"
  | "UNKNOWN"
  | "REJECTD";

const STATS: readonly ReceiptStat[] = [
  "ENROUTE",
  "DELIVRD",
  "EXPIRED",
  "DELETED",
  "UNDELIV",
  "ACCEPTD",
  "UNKNOWN",
  "REJECTD",
];

/** message_state TLV: 1 ENROUTE … 8 REJECTED, in the same order as STATS. */
export function statFromMessageState(state: number): ReceiptStat | undefined {
  return STATS[state - 1];
}

/** Final states: nothing more will be reported for the part. */
export function isFinalStat(stat: ReceiptStat): boolean {
  return stat !== "ENROUTE" && stat !== "ACCEPTD" && stat !== "UNKNOWN";
}

export interface ReceiptFields {
  id?: string;
  sub?: string;
  dlvrd?: string;
  submitDate?: string;
  doneDate?: string;
  /** As written by the SMSC, upper-cased; `stat` below is the recognised value. */
  statText?: string;
  stat?: ReceiptStat;
  err?: string;
  text?: string;
}

const KEYS: Record<string, keyof ReceiptFields> = {
  id: "id",
  sub: "sub",
  dlvrd: "dlvrd",
  "submit date": "submitDate",
  "done date": "doneDate",
  stat: "statText",
  err: "err",
  text: "text",
};

// "submit date" before "sub" so the longer key wins; text is last and takes the rest of the line.
const KEY = /(?:^|[\s,;])(submit[ _]date|done[ _]date|dlvrd|stat|err|text|sub|id)\s*:/gi;

/**
 * Parses the de-facto receipt text `id:… sub:… dlvrd:… submit date:… done date:… stat:… err:… text:…`.
 * Case-insensitive, any field may be missing or out of order; the text field is free-form and
 * taken verbatim to the end, so words inside it are never read as keys.
 */
export function parseReceiptText(input: string): ReceiptFields {
  const fields: ReceiptFields = {};
  const found: { key: keyof ReceiptFields; start: number; valueStart: number }[] = [];
  for (const match of input.matchAll(KEY)) {
    const name = match[1]!.toLowerCase().replace("_", " ");
    const key = KEYS[name]!;
    const start = match.index + (match[0].length - match[0].trimStart().length);
    found.push({ key, start, valueStart: match.index + match[0].length });
    if (key === "text") break;
  }
  for (const [i, f] of found.entries()) {
    const end = f.key === "text" ? input.length : (found[i + 1]?.start ?? input.length);
    const value = input.slice(f.valueStart, end).trim();
    if (fields[f.key] === undefined && (value !== "" || f.key === "text")) {
      (fields as Record<string, string>)[f.key] = value;
    }
  }
  if (fields.statText !== undefined) {
    fields.statText = fields.statText.toUpperCase();
    const stat = normaliseStat(fields.statText);
    if (stat) fields.stat = stat;
  }
  return fields;
}

function normaliseStat(text: string): ReceiptStat | undefined {
  const exact = STATS.find((s) => s === text);
  if (exact) return exact;
  const long: Record<string, ReceiptStat> = {
    DELIVERED: "DELIVRD",
    UNDELIVERABLE: "UNDELIV",
    ACCEPTED: "ACCEPTD",
    REJECTED: "REJECTD",
  };
  return long[text];
}
