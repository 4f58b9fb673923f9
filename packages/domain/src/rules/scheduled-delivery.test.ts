import { describe, expect, it } from "vitest";
import { checkScheduledDelivery, parseScheduledDelivery } from "./scheduled-delivery.ts";

describe("parseScheduledDelivery", () => {
  it("reads ThaiBulkSMS's YYMMDDhhmm on Bangkok's clock", () => {
    expect(parseScheduledDelivery("2612011830")?.toISOString()).toBe("2026-12-01T11:30:00.000Z");
  });

  it("reads YYYY-MM-DD HH:mm[:ss] on Bangkok's clock, with a space or a T", () => {
    expect(parseScheduledDelivery("2026-12-01 18:30")?.toISOString()).toBe("2026-12-01T11:30:00.000Z");
    expect(parseScheduledDelivery("2026-12-01T00:05:09")?.toISOString()).toBe("2026-11-30T17:05:09.000Z");
  });

  it("honours a written offset or Z", () => {
    expect(parseScheduledDelivery("2026-12-01T11:30:00Z")?.toISOString()).toBe("2026-12-01T11:30:00.000Z");
    expect(parseScheduledDelivery("2026-12-01T18:30:00+07:00")?.toISOString()).toBe(
      "2026-12-01T11:30:00.000Z",
    );
    expect(parseScheduledDelivery("2026-12-01T06:30:00-0500")?.toISOString()).toBe(
      "2026-12-01T11:30:00.000Z",
    );
    expect(parseScheduledDelivery("2026-12-01T11:30:00.250Z")?.toISOString()).toBe(
      "2026-12-01T11:30:00.000Z",
    );
  });

  it("refuses days a month does not have, impossible times and other shapes", () => {
    for (const text of [
      "2602301200", // 30 February
      "2026-04-31 10:00",
      "2026-13-01 10:00",
      "2026-12-01 24:00",
      "2026-12-01 10:60",
      "261201183", // 9 digits
      "1 December 2026",
      "soon",
      "2026/12/01 10:00",
    ]) {
      expect(parseScheduledDelivery(text), text).toBeNull();
    }
  });
});

describe("checkScheduledDelivery", () => {
  const now = new Date("2026-11-27T10:00:00Z"); // 17:00 in Bangkok

  it("sends now when absent, empty or already due", () => {
    expect(checkScheduledDelivery(undefined, now)).toEqual({ ok: true, at: null });
    expect(checkScheduledDelivery("  ", now)).toEqual({ ok: true, at: null });
    expect(checkScheduledDelivery("2026-11-27 17:00", now)).toEqual({ ok: true, at: null });
    // Four minutes late: a client clock running behind, sent now.
    expect(checkScheduledDelivery("2026-11-27 16:56", now)).toEqual({ ok: true, at: null });
  });

  it("answers the instant of a later time", () => {
    expect(checkScheduledDelivery("2611271830", now)).toEqual({
      ok: true,
      at: new Date("2026-11-27T11:30:00Z"),
    });
  });

  it("refuses a time more than five minutes gone, more than seven days ahead, or unreadable", () => {
    expect(checkScheduledDelivery("2026-11-27 16:54", now)).toEqual({ ok: false, reason: "past" });
    expect(checkScheduledDelivery("2026-12-04 17:01", now)).toEqual({ ok: false, reason: "too_far" });
    expect(checkScheduledDelivery("2026-12-04 16:59", now).ok).toBe(true);
    expect(checkScheduledDelivery("tomorrow", now)).toEqual({ ok: false, reason: "format" });
  });
});
