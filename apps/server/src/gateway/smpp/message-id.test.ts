import { describe, expect, it } from "vitest";
import { normalizeMessageId } from "./message-id.ts";

describe("normalizeMessageId", () => {
  it("makes a hex submit id and its decimal receipt id equal", () => {
    expect(normalizeMessageId("1A2B", "hex")).toBe("6699");
    expect(normalizeMessageId("6699", "decimal")).toBe("6699");
    expect(normalizeMessageId("0x1a2b", "hex")).toBe("6699");
  });

  it("ignores case, leading zeros and padding in text ids", () => {
    expect(normalizeMessageId(" 0000001A2B ", "text")).toBe("1a2b");
    expect(normalizeMessageId("1a2b")).toBe("1a2b");
    expect(normalizeMessageId("000")).toBe("0");
    expect(normalizeMessageId("0007", "decimal")).toBe("7");
  });

  it("keeps ids longer than 2^53 exact", () => {
    expect(normalizeMessageId("FFFFFFFFFFFFFFFFFF", "hex")).toBe(BigInt("0xFFFFFFFFFFFFFFFFFF").toString());
  });

  it("falls back to the text rule when an id does not fit its numeric form", () => {
    expect(normalizeMessageId("AB-12", "decimal")).toBe("ab-12");
    expect(normalizeMessageId("msg-0001", "hex")).toBe("msg-0001");
  });
});
