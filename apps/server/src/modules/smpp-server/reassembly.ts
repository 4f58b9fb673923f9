/**
 * Multipart messages arrive as one submit_sm per part, each with a concatenation header (UDH IE
 * 0x00 or 0x08) or the sar_* TLVs. The parts of one message are kept here, per organization, until
 * all have come (in any order, on any bind of the organization in this process); the whole text is
 * then accepted once and billed by the spec's rule on the reassembled text (ADR 102).
 */

/** The concatenation of one part: reference, total parts and this part's number from 1. */
export interface Concat {
  reference: number;
  total: number;
  sequence: number;
}

/** The concatenation IE of the package's decoded `{ udh: [ie…] }`, if any. */
export function concatOf(shortMessage: unknown, tlv: Record<string, unknown>): Concat | null {
  if (shortMessage && typeof shortMessage === "object" && "udh" in shortMessage) {
    const list = (shortMessage as { udh: unknown }).udh;
    if (Array.isArray(list)) {
      for (const ie of list) {
        if (!Buffer.isBuffer(ie)) continue;
        if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) {
          return valid({ reference: ie[2] as number, total: ie[3] as number, sequence: ie[4] as number });
        }
        if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) {
          return valid({
            reference: ((ie[2] as number) << 8) | (ie[3] as number),
            total: ie[4] as number,
            sequence: ie[5] as number,
          });
        }
      }
    }
  }
  const { sar_msg_ref_num: ref, sar_total_segments: total, sar_segment_seqnum: seq } = tlv;
  if (typeof ref === "number" && typeof total === "number" && typeof seq === "number") {
    return valid({ reference: ref, total, sequence: seq });
  }
  return null;
}

/** A single "part" 1/1 is an ordinary message; an impossible header is treated as none. */
function valid(c: Concat): Concat | null {
  if (c.total < 2 || c.sequence < 1 || c.sequence > c.total) return null;
  return c;
}

interface Pending<W> {
  parts: (string | undefined)[];
  /** Every part's waiter (a part sent again after a reconnect adds one). */
  waiters: W[];
  timer: NodeJS.Timeout;
}

export type Completed<W> = { text: string; waiters: W[] };

export class Reassembler<W> {
  private readonly pending = new Map<string, Pending<W>>();

  constructor(
    private readonly timeoutMs: number,
    /** A message whose parts did not all come in time: its waiters are answered with an error. */
    private readonly onExpired: (waiters: W[]) => void,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  /**
   * Adds a part; answers the whole text and every waiter once the last part is in, else null.
   * `key` names the message (organization, source, destination, reference, total).
   */
  add(key: string, concat: Concat, text: string, waiter: W): Completed<W> | null {
    let entry = this.pending.get(key);
    if (!entry) {
      const created: Pending<W> = {
        parts: new Array<string | undefined>(concat.total).fill(undefined),
        waiters: [],
        timer: setTimeout(() => {
          this.pending.delete(key);
          this.onExpired(created.waiters);
        }, this.timeoutMs),
      };
      created.timer.unref();
      entry = created;
      this.pending.set(key, entry);
    }
    entry.parts[concat.sequence - 1] = text;
    entry.waiters.push(waiter);
    if (entry.parts.some((p) => p === undefined)) return null;
    clearTimeout(entry.timer);
    this.pending.delete(key);
    return { text: entry.parts.join(""), waiters: entry.waiters };
  }

  clear(): void {
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }
}
