import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatFileSize, formatNumber, formatTime } from "./format.ts";

const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe("formatDate", () => {
  const date = new Date("2026-11-22T03:00:00Z");

  it("uses Buddhist-era years and Thai month abbreviations in Thai", () => {
    expect(formatDate(date, "th")).toBe("22 พ.ย. 2569");
  });

  it("uses Common-era years in English", () => {
    expect(formatDate(date, "en")).toBe("22 Nov 2026");
  });

  it("converts two-digit years and leaves escaped text alone", () => {
    expect(formatDate(date, "th", "DD/MM/YY [YYYY]")).toBe("22/11/69 YYYY");
    expect(formatDate(date, "en", "DD/MM/YY")).toBe("22/11/26");
    expect(formatDate(date, "th", "D MMMM YYYY")).toBe("22 พฤศจิกายน 2569");
  });

  it("renders the Bangkok date of an instant near midnight UTC", () => {
    const lateUtc = new Date("2026-12-31T17:30:00Z");
    expect(formatDate(lateUtc, "en")).toBe("01 Jan 2027");
    expect(formatDate(lateUtc, "th")).toBe("01 ม.ค. 2570");
    expect(formatTime(lateUtc)).toBe("00:30");
  });

  it.each(["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Tokyo"])(
    "gives the same result when the machine TZ is %s",
    (tz) => {
      process.env.TZ = tz;
      const instant = new Date("2026-03-08T16:59:59Z");
      expect(formatDateTime(instant, "th")).toBe("08 มี.ค. 2569 23:59");
      expect(formatDateTime(new Date(instant.getTime() + 1000), "en")).toBe("09 Mar 2026 00:00");
    },
  );

  it("rejects an invalid date", () => {
    expect(() => formatDate(new Date("nope"), "en")).toThrow(RangeError);
  });
});

describe("formatTime", () => {
  it("uses a 24-hour clock", () => {
    expect(formatTime(new Date("2026-01-01T06:05:00Z"))).toBe("13:05");
    expect(formatTime(new Date("2026-01-01T16:59:00Z"))).toBe("23:59");
  });
});

describe("formatDateTime", () => {
  it("joins date and time", () => {
    const date = new Date("2026-11-22T13:45:00Z");
    expect(formatDateTime(date, "th")).toBe("22 พ.ย. 2569 20:45");
    expect(formatDateTime(date, "en")).toBe("22 Nov 2026 20:45");
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [1023, "1023 bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1100, "1.07 KB"],
    [1024 * 1024 - 1, "1 MB"],
    [5 * 1024 * 1024, "5 MB"],
    [5 * 1024 * 1024 + 1, "5 MB"],
    [2.25 * 1024 ** 3, "2.25 GB"],
    [3 * 1024 ** 4, "3,072 GB"],
  ])("%i -> %s", (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it("says bytes in Thai on a Thai page (KB and MB read the same in both)", () => {
    expect(formatFileSize(442, "th")).toBe("442 ไบต์");
    expect(formatFileSize(1, "th")).toBe("1 ไบต์");
    expect(formatFileSize(1536, "th")).toBe("1.5 KB");
  });

  it.each([-1, 1.5, Number.NaN])("rejects %s", (bytes) => {
    expect(() => formatFileSize(bytes)).toThrow(RangeError);
  });
});

describe("formatNumber", () => {
  it.each([
    [0, "0"],
    [-0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1234567, "1,234,567"],
    [-1234567, "-1,234,567"],
    [1234.5, "1,234.5"],
    [0.125, "0.13"],
  ])("%d -> %s", (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("rejects %s", (value) => {
    expect(() => formatNumber(value)).toThrow(RangeError);
  });
});
