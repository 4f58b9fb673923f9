import { describe, expect, it } from "vitest";
import validationEn from "../../locales/en/validation.json" with { type: "json" };
import validationTh from "../../locales/th/validation.json" with { type: "json" };
import {
  isValidOtpCode,
  isValidPassword,
  isValidSenderName,
  PASSWORD_CHECK_MAX_LENGTH,
  ZOtpCode,
  ZPassword,
  ZPasswordToCheck,
  ZPhoneNumber,
  ZRecipient,
  ZSenderName,
} from "./validation.ts";

const THAI_LETTER = /[\u0E00-\u0E7F]/;

describe("isValidSenderName", () => {
  it.each(["A", "MyShop", "SHOP.CO", "my-shop_1", "1234567890", "._-"])("accepts %j", (value) => {
    expect(isValidSenderName(value)).toBe(true);
  });

  it.each(["", "ABCDEFGHIJK", "my shop", "ร้านค้า", "Shopไทย", "shop!", "shop@x", "shop/1", "é"])(
    "rejects %j",
    (value) => {
      expect(isValidSenderName(value)).toBe(false);
    },
  );
});

describe("isValidPassword", () => {
  it.each(["abc123", "ABCdef", "a".repeat(20), "123456"])("accepts %j", (value) => {
    expect(isValidPassword(value)).toBe(true);
  });

  it.each(["abc12", "a".repeat(21), "abc 123", "abc_123", "รหัสผ่าน123", "pass!word", ""])(
    "rejects %j",
    (value) => {
      expect(isValidPassword(value)).toBe(false);
    },
  );
});

describe("isValidOtpCode", () => {
  it("accepts exactly 6 digits", () => {
    expect(isValidOtpCode("012345")).toBe(true);
    expect(isValidOtpCode("12345")).toBe(false);
    expect(isValidOtpCode("1234567")).toBe(false);
    expect(isValidOtpCode("12345a")).toBe(false);
  });
});

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe("zod schemas report i18n keys", () => {
  it.each([
    [ZPassword, "abc123", "short", "validation.password_rule"],
    [ZSenderName, "MyShop", "my shop", "validation.sender_name_rule"],
    [ZRecipient, "66812345678", "0712345678", "validation.recipient_invalid"],
    [ZPhoneNumber, "021234567", "12345678", "validation.phone_min_length"],
    [ZOtpCode, "123456", "12345", "validation.otp_invalid"],
  ] as const)(
    "%# accepts a valid value and rejects an invalid one with its key",
    (schema, good, bad, key) => {
      expect(schema.safeParse(good)).toEqual({ success: true, data: good });
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(key);
      expect(validationEn).toHaveProperty([key]);
    },
  );

  it.each([ZPassword, ZSenderName, ZRecipient, ZPhoneNumber, ZOtpCode])(
    "%# reports a key, not zod's English text, for a non-string",
    (schema) => {
      const message = firstMessage(schema.safeParse(42));
      expect(Object.keys(validationEn)).toContain(message);
    },
  );
});

describe("an empty phone or password is a missing one (review D1)", () => {
  it.each([ZPassword, ZPhoneNumber])("%# says required for an empty or blank value", (schema) => {
    expect(firstMessage(schema.safeParse(""))).toBe("validation.required");
    expect(firstMessage(schema.safeParse("   "))).toBe("validation.required");
    expect(schema.safeParse("").error?.issues).toHaveLength(1);
  });
});

describe("ZPasswordToCheck", () => {
  it("accepts any text up to the check limit and refuses longer ones before anything hashes them", () => {
    expect(ZPasswordToCheck.safeParse("x".repeat(PASSWORD_CHECK_MAX_LENGTH)).success).toBe(true);
    expect(firstMessage(ZPasswordToCheck.safeParse("x".repeat(PASSWORD_CHECK_MAX_LENGTH + 1)))).toBe(
      "validation.password_too_long",
    );
    expect(firstMessage(ZPasswordToCheck.safeParse(""))).toBe("validation.required");
  });
});

describe("the validation catalogue (locales/<lang>/validation.json)", () => {
  const entries = Object.entries(validationEn).map(
    ([key, en]) => [key, { en, th: validationTh[key as keyof typeof validationTh] }] as const,
  );

  it("carries the spec's English texts verbatim", () => {
    const english = entries.map(([, text]) => text.en);
    expect(english).toEqual(
      expect.arrayContaining([
        "The phone number must contain 9 or 10 digits.",
        "The recipient is invalid",
        "Manual contacts are limited to {{length}} contacts.",
        "Please select contact groups or fill in manual contact",
        "Phone Number is invalid!",
        "OTP code is invalid.",
        "Please add file .csv or .xls file!",
        "Unsupported file format",
        "Please add image or pdf file!",
        "Please select Evidence for applying for SENDER ID.",
      ]),
    );
  });

  it.each(entries)("%s has a namespaced key, English text and Thai text", (key, text) => {
    expect(key).toMatch(/^validation\.[a-z_]+$/);
    expect(text.en.trim()).not.toBe("");
    expect(text.th).toMatch(THAI_LETTER);
  });

  it("keeps interpolation placeholders identical in both languages", () => {
    for (const [, text] of entries) {
      const placeholders = (value: string) => value.match(/\{\{\w+\}\}/g) ?? [];
      expect(placeholders(text.th)).toEqual(placeholders(text.en));
    }
  });
});
