import { TEXT_UNSUPPORTED_CHARACTER, text } from "../contracts/text.ts";
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
 * Every validation message as an i18n key with both catalog texts, so the web catalogs and the
 * server's localised errors come from one source. `{{length}}` is i18next interpolation.
 */
export const VALIDATION_MESSAGE_KEYS = {
  "validation.phone_min_length": {
    en: "The phone number must contain 9 or 10 digits.",
    th: "หมายเลขโทรศัพท์ต้องมี 9 หรือ 10 หลัก",
  },
  "validation.recipient_invalid": {
    en: "The recipient is invalid",
    th: "หมายเลขผู้รับไม่ถูกต้อง",
  },
  "validation.manual_contacts_limit": {
    en: "Manual contacts are limited to {{length}} contacts.",
    th: "กรอกเบอร์ผู้รับเองได้ไม่เกิน {{length}} เบอร์",
  },
  "validation.recipients_required": {
    en: "Please select contact groups or fill in manual contact",
    th: "กรุณาเลือกกลุ่มรายชื่อ หรือกรอกเบอร์ผู้รับเอง",
  },
  "validation.phone_invalid": {
    en: "Phone Number is invalid!",
    th: "หมายเลขโทรศัพท์ไม่ถูกต้อง!",
  },
  "validation.otp_invalid": {
    en: "OTP code is invalid.",
    th: "รหัส OTP ไม่ถูกต้อง",
  },
  "validation.import_file_required": {
    en: "Please add file .csv or .xls file!",
    th: "กรุณาแนบไฟล์ .csv หรือไฟล์ Excel",
  },
  "validation.unsupported_file_format": {
    en: "Unsupported file format",
    th: "ไม่รองรับรูปแบบไฟล์นี้",
  },
  "validation.proof_file_required": {
    en: "Please add image or pdf file!",
    th: "กรุณาแนบไฟล์รูปภาพหรือไฟล์ PDF",
  },
  "validation.sender_evidence_required": {
    en: "Please select Evidence for applying for SENDER ID.",
    th: "กรุณาเลือกเอกสารประกอบการขอชื่อผู้ส่ง (Sender ID)",
  },
  "validation.password_rule": {
    en: "Password must be 6-20 characters, using English letters or digits only.",
    th: "รหัสผ่านต้องมี 6-20 ตัวอักษร และใช้ได้เฉพาะตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น",
  },
  "validation.password_too_long": {
    en: "The password is too long.",
    th: "รหัสผ่านยาวเกินไป",
  },
  [TEXT_UNSUPPORTED_CHARACTER]: {
    en: "This text contains a character that cannot be used (a NUL character or a broken emoji).",
    th: "ข้อความนี้มีอักขระที่ใช้ไม่ได้ (อักขระ NUL หรืออีโมจิที่ไม่สมบูรณ์)",
  },
  "validation.sender_name_rule": {
    en: "Sender name must be at most 10 characters: English letters, digits and . - _ only, with no spaces or Thai letters.",
    th: "ชื่อผู้ส่งต้องมีไม่เกิน 10 ตัวอักษร ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และสัญลักษณ์ . - _ โดยไม่มีช่องว่างหรือตัวอักษรภาษาไทย",
  },
} as const satisfies Record<string, { en: string; th: string }>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGE_KEYS;

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
