/** `%text%` for ILIKE with the caller's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Phone numbers are stored in the 66 form; staff type them as people say them (081…, +66 81…),
 * so a search of digits also looks for the 66 form.
 */
export function phoneSearchForms(text: string): string[] {
  const digits = text.replace(/[\s\-+()]/g, "");
  if (!/^\d{3,}$/.test(digits)) return [];
  return digits.startsWith("0") ? [digits, `66${digits.slice(1)}`] : [digits];
}
