import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasMinPhoneLength, isValidRecipient, normaliseRecipient, toLocalPhone, toThai66 } from "./phone.ts";

describe("toThai66", () => {
  it.each([
    ["0812345678", "66812345678"],
    ["+66812345678", "66812345678"],
    ["66812345678", "66812345678"],
    ["081-234-5678", "66812345678"],
    ["081 234 5678", "66812345678"],
    ["+66 81-234-5678", "66812345678"],
    [" 0812345678\t", "66812345678"],
    ["021234567", "6621234567"],
    ["", ""],
    ["abc", "abc"],
    ["+1 555 0100", "+15550100"],
  ])("%j -> %j", (input, expected) => {
    expect(toThai66(input)).toBe(expected);
  });

  it("is idempotent", () => {
    const phoneLike = fc.string({
      unit: fc.constantFrom("0", "6", "8", "9", "1", "+", "-", " "),
      maxLength: 16,
    });
    fc.assert(
      fc.property(fc.oneof(phoneLike, fc.string()), (input) => {
        expect(toThai66(toThai66(input))).toBe(toThai66(input));
      }),
    );
  });
});

describe("isValidRecipient", () => {
  it.each(["0612345678", "0812345678", "0912345678", "66612345678", "66812345678", "66912345678"])(
    "accepts %s",
    (value) => {
      expect(isValidRecipient(value)).toBe(true);
    },
  );

  it.each([
    "0712345678",
    "021234567",
    "081234567",
    "08123456789",
    "66712345678",
    "6681234567",
    "668123456789",
    "+66812345678",
    "081-234-5678",
    " 0812345678",
    "081234567a",
    "",
  ])("rejects %j", (value) => {
    expect(isValidRecipient(value)).toBe(false);
  });

  it("accepts every local mobile and its 66 form", () => {
    fc.assert(
      fc.property(fc.constantFrom("6", "8", "9"), fc.stringMatching(/^\d{8}$/), (prefix, rest) => {
        const local = `0${prefix}${rest}`;
        expect(isValidRecipient(local)).toBe(true);
        expect(isValidRecipient(toThai66(local))).toBe(true);
        expect(toLocalPhone(toThai66(local))).toBe(local);
      }),
    );
  });
});

describe("normaliseRecipient", () => {
  it.each([
    ["0812345678", "66812345678"],
    ["+66 81 234 5678", "66812345678"],
    ["66-9-1234-5678", "66912345678"],
    [" 0612345678 ", "66612345678"],
  ])("%j -> %j", (input, expected) => {
    expect(normaliseRecipient(input)).toBe(expected);
  });

  it.each(["021234567", "+6621234567", "0712345678", "12345", ""])("returns null for %j", (input) => {
    expect(normaliseRecipient(input)).toBeNull();
  });
});

describe("hasMinPhoneLength", () => {
  it.each([
    ["12345678", false],
    ["123456789", true],
    ["0812345678", true],
    ["  12345678  ", false],
    ["", false],
  ])("%j -> %s", (input, expected) => {
    expect(hasMinPhoneLength(input)).toBe(expected);
  });
});

describe("toLocalPhone", () => {
  it.each([
    ["66812345678", "0812345678"],
    ["+66812345678", "0812345678"],
    ["6621234567", "021234567"],
    ["0812345678", "0812345678"],
    ["12345", "12345"],
    ["66", "66"],
  ])("%j -> %j", (input, expected) => {
    expect(toLocalPhone(input)).toBe(expected);
  });
});
