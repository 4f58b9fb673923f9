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
  const fields = parseCanonical(input) ?? parseAnyOrder(input);
  if (fields.statText !== undefined) {
    fields.statText = fields.statText.toUpperCase();
    const stat = normaliseStat(fields.statText);
    if (stat) fields.stat = stat;
  }
  return fields;
}

/** The canonical order's separators after `id:`, and the field each one's value ends. */
const CANONICAL: readonly (readonly [string, Exclude<keyof ReceiptFields, "stat">])[] = [
  [" sub:", "id"],
  [" dlvrd:", "sub"],
  [" submit date:", "dlvrd"],
  [" done date:", "submitDate"],
  [" stat:", "doneDate"],
  [" err:", "statText"],
  [" text:", "err"],
];
const PLAIN_VALUE = /^[A-Za-z0-9]*$/;

/**
 * The receipt as nearly every SMSC writes it (Appendix B's order, lower-case keys, one space, plain
 * values), read with indexOf: a receipt per part made the general parser a visible share of the
 * worker's time (ADR 111). Plain values hold no separator, so no key can hide in them and the
 * general parser would read the same; anything else answers null and goes to parseAnyOrder.
 */
function parseCanonical(input: string): ReceiptFields | null {
  if (!input.startsWith("id:")) return null;
  const fields: ReceiptFields = {};
  let from = 3;
  for (const [separator, key] of CANONICAL) {
    const at = input.indexOf(separator, from);
    if (at < 0) return null;
    const value = input.slice(from, at);
    if (!PLAIN_VALUE.test(value)) return null;
    if (value !== "") fields[key] = value;
    from = at + separator.length;
  }
  fields.text = input.slice(from).trim();
  return fields;
}

/** Any order, any case, fields missing: the general reading (see parseReceiptText). */
function parseAnyOrder(input: string): ReceiptFields {
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
