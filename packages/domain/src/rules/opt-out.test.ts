import { describe, expect, it } from "vitest";
import {
  carriesOptOut,
  OPT_OUT_TOKEN_LENGTH,
  optOutFooterHead,
  optOutFooterLength,
  optOutLanguage,
  parseOptOutToken,
  withOptOutForCounting,
} from "./opt-out.ts";
import { countSms } from "./sms.ts";

const origin = "https://s.example/portal/";

describe("the opt-out footer (ADR 93)", () => {
  it("is a new line, the label in the text's language and a fixed-width link at the origin's root", () => {
    expect(optOutFooterHead("Sale today", origin)).toBe("\nOpt out: https://s.example/u/");
    expect(optOutFooterHead("ลดราคาวันนี้", origin)).toBe("\nยกเลิกรับ https://s.example/u/");
    expect(optOutLanguage("Hello {first_name}")).toBe("en");
    expect(optOutLanguage("Hi “friend”")).toBe("en");
    expect(optOutFooterLength("Sale", origin)).toBe("\nOpt out: https://s.example/u/".length + 14);
    expect(OPT_OUT_TOKEN_LENGTH).toBe(14);
  });

  it("never makes a single-byte text unicode", () => {
    expect(countSms(withOptOutForCounting("Sale", origin)).encoding).toBe("single-byte");
    expect(countSms(withOptOutForCounting("ลด", origin)).encoding).toBe("unicode");
  });

  it("moves a text across the single-byte part boundaries exactly (160 for one part, 154 per part after)", () => {
    const footer = optOutFooterLength("a", origin);
    const parts = (n: number) => countSms(withOptOutForCounting("a".repeat(n), origin)).parts;
    expect(parts(160 - footer)).toBe(1);
    expect(parts(161 - footer)).toBe(2);
    expect(parts(2 * 154 - footer)).toBe(2);
    expect(parts(2 * 154 + 1 - footer)).toBe(3);
  });

  it("moves a Thai text across the unicode part boundaries exactly (70 for one part, 67 per part after)", () => {
    const footer = optOutFooterLength("ก", origin);
    const parts = (n: number) => countSms(withOptOutForCounting("ก".repeat(n), origin)).parts;
    expect(parts(70 - footer)).toBe(1);
    expect(parts(71 - footer)).toBe(2);
    expect(parts(2 * 67 - footer)).toBe(2);
    expect(parts(2 * 67 + 1 - footer)).toBe(3);
  });

  it("is on for marketing unless turned off, and never on another purpose", () => {
    expect(carriesOptOut("marketing", undefined)).toBe(true);
    expect(carriesOptOut("marketing", true)).toBe(true);
    expect(carriesOptOut("marketing", false)).toBe(false);
    expect(carriesOptOut("general", true)).toBe(false);
    expect(carriesOptOut("debt_collection", undefined)).toBe(false);
  });

  it("reads a token as a code and a part only at its exact width and alphabet", () => {
    expect(parseOptOutToken("Ab12Cd7UpDVuRS")).toEqual({ code: "Ab12Cd", part: "7UpDVuRS" });
    expect(parseOptOutToken("Ab12Cd7UpDVuR")).toBeNull();
    expect(parseOptOutToken("Ab12Cd7UpDVuRSx")).toBeNull();
    expect(parseOptOutToken("Ab12Cd7UpDVu-S")).toBeNull();
    expect(parseOptOutToken("")).toBeNull();
  });
});
