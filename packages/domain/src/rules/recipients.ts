import { normaliseRecipient } from "./phone.ts";

/** Manual campaign contacts cap (spec §9); callers may pass another limit. */
export const MANUAL_CONTACTS_LIMIT = 1000;

/**
 * Distinct numbers a free-trial-only organization may reach in any 24 hours (ADR 32); the server's
 * trial limits and its messages use it.
 */
export const TRIAL_RECIPIENTS_PER_DAY = 10;

const MANUAL_SEPARATORS = /\r\n|[,;\r\n]/;

export interface ManualContact {
  /** As typed by the user, trimmed. */
  original: string;
  /** The 66 form that is stored and sent. */
  msisdn: string;
}

export interface ManualContactsResult {
  /** Unique valid numbers in input order. */
  valid: ManualContact[];
  /** Every entry that is not a Thai mobile number in any accepted form, as typed. */
  invalid: string[];
  /** Repeated occurrences of a valid number after its first one, as typed. */
  duplicates: string[];
  limit: number;
  overLimit: boolean;
}

/**
 * Parses the manual-contacts textarea. Every form the instant page, contacts and the API accept is
 * counted here too (normaliseRecipient: 0…, 66…, +66…, with spaces or dashes), so one number is
 * valid on every screen (issue 24, D32; the spec's narrower "0[689] only" rule is widened, see
 * ADR 42). What is refused is listed as typed, for the form to show.
 */
export function parseManualContacts(text: string, limit = MANUAL_CONTACTS_LIMIT): ManualContactsResult {
  const valid: ManualContact[] = [];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(MANUAL_SEPARATORS)) {
    const original = raw.trim();
    if (original === "") continue;
    const msisdn = normaliseRecipient(original);
    if (msisdn === null) {
      invalid.push(original);
      continue;
    }
    if (seen.has(msisdn)) {
      duplicates.push(original);
      continue;
    }
    seen.add(msisdn);
    valid.push({ original, msisdn });
  }
  return { valid, invalid, duplicates, limit, overLimit: valid.length > limit };
}

export interface ImportedNumber {
  /** Position in the imported list, so the UI can point at the row. */
  index: number;
  value: string;
}

export interface DuplicateImportedNumber extends ImportedNumber {
  msisdn: string;
}

export interface ImportedNumbersResult {
  /** Unique valid numbers in the 66 form, in input order. */
  valid: string[];
  invalid: ImportedNumber[];
  duplicates: DuplicateImportedNumber[];
}

/**
 * Classifies numbers from a contact import or file campaign. Unlike manual contacts, files come from
 * other systems, so every recipient form (0…, +66…, 66…, separators) is accepted and normalised.
 * Blank cells are skipped: they are empty rows, not numbers the user needs to confirm removing.
 */
export function classifyImportedNumbers(list: readonly string[]): ImportedNumbersResult {
  const valid: string[] = [];
  const invalid: ImportedNumber[] = [];
  const duplicates: DuplicateImportedNumber[] = [];
  const seen = new Set<string>();
  list.forEach((value, index) => {
    if (value.trim() === "") return;
    const msisdn = normaliseRecipient(value);
    if (msisdn === null) {
      invalid.push({ index, value });
    } else if (seen.has(msisdn)) {
      duplicates.push({ index, value, msisdn });
    } else {
      seen.add(msisdn);
      valid.push(msisdn);
    }
  });
  return { valid, invalid, duplicates };
}
