import type validationTexts from "../../locales/en/validation.json";
import { text } from "../contracts/text.ts";
import { hasMinPhoneLength, isValidRecipient } from "./phone.ts";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
/**
 * Longest password a sign-in or a current-password check accepts. Looser than the policy so a
 * future policy change cannot lock anyone out, but bounded so no one can make the server hash
 * a huge string (argon2 cost grows with the input).
 */
export const PASSWORD_CHECK_MAX_LENGTH = 128;
export const SENDER_NAME_MAX_LENGTH = 10;
export const OTP_CODE_LENGTH = 6;

const PASSWORD_PATTERN = new RegExp(`^[A-Za-z0-9]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);
const SENDER_NAME_PATTERN = new RegExp(`^[A-Za-z0-9._-]{1,${SENDER_NAME_MAX_LENGTH}}$`);
const OTP_CODE_PATTERN = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);

/**
 * Every shared validation message as an i18n key; the texts are in locales/<lang>/validation.json,
 * the catalogue the web and the server both load. `{{length}}` is i18next interpolation.
 */
export type ValidationMessageKey = keyof typeof validationTexts;

export function isValidPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

export function isValidSenderName(value: string): boolean {
  return SENDER_NAME_PATTERN.test(value);
}

export function isValidOtpCode(value: string): boolean {
  return OTP_CODE_PATTERN.test(value);
}

/** An empty field says it is required; the rule is for what was typed (review D1). */
const isEmpty = (value: string) => value.trim() === "";

export const ZPassword = text({ error: "validation.password_rule" satisfies ValidationMessageKey })
  .refine((v) => !isEmpty(v), { error: "validation.required" })
  .refine((v) => isEmpty(v) || PASSWORD_PATTERN.test(v), {
    error: "validation.password_rule" satisfies ValidationMessageKey,
  });

/** A password to check against the stored hash (sign-in, current password): any text, bounded. */
export const ZPasswordToCheck = text({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .max(PASSWORD_CHECK_MAX_LENGTH, { error: "validation.password_too_long" satisfies ValidationMessageKey });

export const ZSenderName = text({
  error: "validation.sender_name_rule" satisfies ValidationMessageKey,
}).regex(SENDER_NAME_PATTERN, { error: "validation.sender_name_rule" satisfies ValidationMessageKey });

export const ZRecipient = text({
  error: "validation.recipient_invalid" satisfies ValidationMessageKey,
}).refine(isValidRecipient, { error: "validation.recipient_invalid" satisfies ValidationMessageKey });

export const ZPhoneNumber = text({
  error: "validation.phone_min_length" satisfies ValidationMessageKey,
})
  .refine((v) => !isEmpty(v), { error: "validation.required" })
  .refine((v) => isEmpty(v) || hasMinPhoneLength(v), {
    error: "validation.phone_min_length" satisfies ValidationMessageKey,
  });

export const ZOtpCode = text({ error: "validation.otp_invalid" satisfies ValidationMessageKey }).regex(
  OTP_CODE_PATTERN,
  { error: "validation.otp_invalid" satisfies ValidationMessageKey },
);
