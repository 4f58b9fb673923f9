/** A Thai tax identification number: 13 digits, the last a check digit (Revenue Department, mod 11). */
export const TAX_ID_LENGTH = 13;

const TAX_ID_PATTERN = /^\d{13}$/;

/** The check digit of the first 12 digits: weights 13…2, then (11 − sum mod 11) mod 10. */
export function taxIdCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError("taxIdCheckDigit takes exactly 12 digits");
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/** Digits only: people paste ids with spaces or dashes ("0-1055-56000-00-1"). */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Whether the text (already normalized) is 13 digits whose last digit checks. */
export function isValidTaxId(value: string): boolean {
  if (!TAX_ID_PATTERN.test(value)) return false;
  return taxIdCheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** Branch of a juristic buyer on a tax invoice: "00000" is the head office, other branches 5 digits. */
export const HEAD_OFFICE_BRANCH = "00000";
export const BRANCH_PATTERN = /^\d{5}$/;
