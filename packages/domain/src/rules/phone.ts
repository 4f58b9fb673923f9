/** Minimum length of a free-form phone number field (spec §5). */
export const PHONE_MIN_LENGTH = 9;

const SEPARATORS = /[\s-]/g;
const LOCAL_MOBILE = /^0[689]\d{8}$/;
const THAI66_MOBILE = /^66[689]\d{8}$/;
const THAI66_NUMBER = /^66(\d{8,9})$/;

/**
 * Converts a Thai number to the 66 form used for storage and sending. Anything that is not a
 * 0-, +66- or 66-prefixed number comes back without separators but otherwise untouched, so the
 * recipient check can still reject it.
 */
export function toThai66(input: string): string {
  const compact = input.replace(SEPARATORS, "");
  if (compact.startsWith("+66")) return compact.slice(1);
  if (compact.startsWith("0")) return `66${compact.slice(1)}`;
  return compact;
}

/** Exactly the two mobile shapes the spec allows: 0[689]XXXXXXXX or 66[689]XXXXXXXX. */
export function isValidRecipient(value: string): boolean {
  return LOCAL_MOBILE.test(value) || THAI66_MOBILE.test(value);
}

/** Accepts every form a user may type (0…, +66…, 66…, with spaces or dashes) and returns the 66 form, or null. */
export function normaliseRecipient(input: string): string | null {
  const thai66 = toThai66(input.trim());
  return THAI66_MOBILE.test(thai66) ? thai66 : null;
}

export function hasMinPhoneLength(value: string): boolean {
  return value.trim().length >= PHONE_MIN_LENGTH;
}

/** Shows a stored 66-form number the way Thai users write it (0XXXXXXXXX); other input is returned as is. */
export function toLocalPhone(value: string): string {
  const match = THAI66_NUMBER.exec(toThai66(value));
  return match ? `0${match[1]}` : value;
}
