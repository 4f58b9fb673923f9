/** Typing filters of spec §5; pure so they are tested without a DOM. */

export const TEL_MAX_LENGTH = 12;

const NOT_DIGIT_OR_DOT = /[^0-9.]/g;
/** Letters, digits and . _ % + - @ (ASCII only, so Thai letters and spaces are blocked). */
const NOT_EMAIL_CHAR = /[^A-Za-z0-9._%+\-@]/g;

export function sanitizeDigits(value: string): string {
  return value.replace(NOT_DIGIT_OR_DOT, "");
}

export function sanitizeTel(value: string): string {
  return sanitizeDigits(value).slice(0, TEL_MAX_LENGTH);
}

export function sanitizeEmail(value: string): string {
  return value.replace(NOT_EMAIL_CHAR, "");
}

export function sanitizeFor(type: string, value: string): string {
  switch (type) {
    case "tel":
      return sanitizeTel(value);
    case "num":
      return sanitizeDigits(value);
    case "email":
      return sanitizeEmail(value);
    default:
      return value;
  }
}

/** "12.9" → 12, "" or "." → null: num fields hold whole numbers only. */
export function toInteger(text: string): number | null {
  const parsed = Number.parseFloat(text);
  if (Number.isNaN(parsed)) return null;
  const whole = Math.trunc(parsed);
  return Number.isSafeInteger(whole) ? whole : null;
}
