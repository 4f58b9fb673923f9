import { describe, expect, it } from "vitest";
import { sanitizeEmail, sanitizeFor, sanitizeTel, TEL_MAX_LENGTH, toInteger } from "./sanitize";

describe("typing filters", () => {
  it("tel keeps digits and dots, at most 12", () => {
    expect(TEL_MAX_LENGTH).toBe(12);
    expect(sanitizeTel("+66 (81) 234-5678")).toBe("66812345678");
    expect(sanitizeTel("0812345678901234")).toBe("081234567890");
    expect(sanitizeTel("1.2")).toBe("1.2");
  });

  it("email keeps letters, digits and . _ % + - @", () => {
    expect(sanitizeEmail("ก a.b_c%d+e-f@x.co ()!")).toBe("a.b_c%d+e-f@x.co");
  });

  it("leaves other types alone", () => {
    expect(sanitizeFor("text", "อะไร 1!")).toBe("อะไร 1!");
    expect(sanitizeFor("num", "1a2.5")).toBe("12.5");
  });

  it("turns num text into an integer or null", () => {
    expect(toInteger("12.9")).toBe(12);
    expect(toInteger("007")).toBe(7);
    expect(toInteger("")).toBeNull();
    expect(toInteger(".")).toBeNull();
    expect(toInteger("99999999999999999999")).toBeNull();
  });
});
