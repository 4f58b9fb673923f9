import { describe, expect, it } from "vitest";
import { withDefaultSendTime, withEndOfDay } from "./schedule";

// 12:00 on 14 May 2026, Bangkok.
const NOON = new Date("2026-05-14T05:00:00Z");

describe("withDefaultSendTime (D38)", () => {
  it("starts a send picked for today at the next full hour, and on another day at 09:00", () => {
    expect(withDefaultSendTime("2026-05-14T00:00", null, NOON)).toBe("2026-05-14T13:00");
    expect(withDefaultSendTime("2026-05-20T00:00", null, NOON)).toBe("2026-05-20T09:00");
    expect(withDefaultSendTime("2026-05-20T00:00", "2026-05-14T13:00", NOON)).toBe("2026-05-20T09:00");
  });

  it("keeps a time the person chose, and midnight after 23:00 today", () => {
    expect(withDefaultSendTime("2026-05-20T00:00", "2026-05-20T09:00", NOON)).toBe("2026-05-20T00:00");
    expect(withDefaultSendTime("2026-05-20T10:30", null, NOON)).toBe("2026-05-20T10:30");
    expect(withDefaultSendTime(null, "2026-05-20T10:30", NOON)).toBeNull();
    expect(withDefaultSendTime("2026-05-14T00:00", null, new Date("2026-05-14T16:30:00Z"))).toBe(
      "2026-05-14T00:00",
    );
  });
});

describe("withEndOfDay (D37)", () => {
  it("includes the whole chosen end day, unless a time was chosen", () => {
    expect(withEndOfDay("2026-12-31T00:00", null)).toBe("2026-12-31T23:59");
    expect(withEndOfDay("2026-12-31T00:00", "2026-12-30T23:59")).toBe("2026-12-31T23:59");
    expect(withEndOfDay("2026-12-31T00:00", "2026-12-31T23:59")).toBe("2026-12-31T00:00");
    expect(withEndOfDay("2026-12-31T18:00", null)).toBe("2026-12-31T18:00");
  });
});
