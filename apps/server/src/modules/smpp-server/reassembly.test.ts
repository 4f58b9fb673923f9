import { describe, expect, it, vi } from "vitest";
import { concatOf, Reassembler } from "./reassembly.ts";

describe("concatOf", () => {
  it("reads the 8-bit and 16-bit concatenation IEs and the sar_* TLVs", () => {
    expect(concatOf({ udh: [Buffer.of(0x00, 3, 7, 3, 2)] }, {})).toEqual({
      reference: 7,
      total: 3,
      sequence: 2,
    });
    expect(concatOf({ udh: [Buffer.of(0x08, 4, 0x12, 0x34, 2, 1)] }, {})).toEqual({
      reference: 0x1234,
      total: 2,
      sequence: 1,
    });
    expect(
      concatOf({ message: "x" }, { sar_msg_ref_num: 9, sar_total_segments: 4, sar_segment_seqnum: 4 }),
    ).toEqual({
      reference: 9,
      total: 4,
      sequence: 4,
    });
  });

  it("takes a header of one part, or a part past the total, as no multipart at all", () => {
    expect(concatOf({ udh: [Buffer.of(0x00, 3, 7, 1, 1)] }, {})).toBeNull();
    expect(concatOf({ udh: [Buffer.of(0x00, 3, 7, 2, 3)] }, {})).toBeNull();
    expect(concatOf({ udh: [Buffer.of(0x24, 1, 1)] }, {})).toBeNull();
    expect(concatOf("plain", {})).toBeNull();
  });
});

describe("Reassembler", () => {
  it("answers the whole text and every waiter once the last part is in, in any order", () => {
    const expired = vi.fn();
    const r = new Reassembler<string>(60_000, expired);
    expect(r.add("m", { reference: 1, total: 3, sequence: 3 }, "C", "w3")).toBeNull();
    expect(r.add("m", { reference: 1, total: 3, sequence: 1 }, "A", "w1")).toBeNull();
    // A part sent again (after a reconnect) replaces the first copy and is answered too.
    expect(r.add("m", { reference: 1, total: 3, sequence: 1 }, "A", "w1b")).toBeNull();
    expect(r.add("m", { reference: 1, total: 3, sequence: 2 }, "B", "w2")).toEqual({
      text: "ABC",
      waiters: ["w3", "w1", "w1b", "w2"],
    });
    expect(r.size).toBe(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it("answers the waiters of a message whose parts did not all come in time", () => {
    vi.useFakeTimers();
    try {
      const expired = vi.fn();
      const r = new Reassembler<string>(1_000, expired);
      r.add("m", { reference: 1, total: 2, sequence: 1 }, "A", "w1");
      vi.advanceTimersByTime(1_001);
      expect(expired).toHaveBeenCalledWith(["w1"]);
      expect(r.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
