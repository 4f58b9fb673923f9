import { normaliseRecipient } from "./phone.ts";

/**
 * Reading a contact file (spec §5, issue 11 point 2): which column holds what, and the phone
 * numbers Excel damaged by storing them as numbers. Pure, so the importer and its tests share it.
 */

/** The template's header row, in the order positional (header-less) files are read. */
export const CONTACT_IMPORT_HEADER = ["first_name", "last_name", "phone_number"] as const;

export type ContactImportField = "firstName" | "lastName" | "phone";

/**
 * Header names people use, compared after lower-casing and dropping spaces, dots, dashes and
 * underscores ("First Name", "first_name" and "FIRSTNAME" are one name).
 */
const HEADER_ALIASES: Record<ContactImportField, readonly string[]> = {
  firstName: ["firstname", "first", "name", "givenname", "ชื่อ", "ชื่อจริง"],
  lastName: ["lastname", "last", "surname", "familyname", "นามสกุล"],
  phone: [
    "phonenumber",
    "phone",
    "phoneno",
    "mobile",
    "mobilenumber",
    "mobileno",
    "tel",
    "telephone",
    "msisdn",
    "เบอร์",
    "เบอร์โทร",
    "เบอร์โทรศัพท์",
    "โทรศัพท์",
    "หมายเลขโทรศัพท์",
    "เบอร์มือถือ",
    "มือถือ",
  ],
};

const headerKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s._-]+/g, "");

/** The field a header cell names ("First Name", "เบอร์โทร", …), if any. */
export function fieldOfHeader(cell: string): ContactImportField | undefined {
  const key = headerKey(cell);
  if (!key) return undefined;
  return (Object.keys(HEADER_ALIASES) as ContactImportField[]).find((field) =>
    HEADER_ALIASES[field].includes(key),
  );
}

/** Column index of each field; -1 when the file has no such column. */
export type ContactImportColumns = Record<ContactImportField, number>;

export interface ContactImportLayout {
  /** The first row names the columns (and is not a contact). */
  header: boolean;
  columns: ContactImportColumns;
}

/**
 * The layout from the file's first row: a header when one of its cells names the phone column;
 * otherwise positional: one column is the phone, two are first name and phone, three or more are
 * the template's first name, last name and phone.
 */
export function detectImportLayout(firstRow: readonly string[]): ContactImportLayout {
  const columns: ContactImportColumns = { firstName: -1, lastName: -1, phone: -1 };
  firstRow.forEach((cell, index) => {
    const field = fieldOfHeader(cell);
    if (field && columns[field] === -1) columns[field] = index;
  });
  if (columns.phone !== -1) return { header: true, columns };
  const width = firstRow.length;
  if (width <= 1) return { header: false, columns: { firstName: -1, lastName: -1, phone: 0 } };
  if (width === 2) return { header: false, columns: { firstName: 0, lastName: -1, phone: 1 } };
  return { header: false, columns: { firstName: 0, lastName: 1, phone: 2 } };
}

// "8.12345678E+08", "6.68123457E+10": how Excel writes a number it shows in scientific notation.
const SCIENTIFIC = /^(\d)\.(\d+)[eE]\+?(\d{1,2})$/;
// A local mobile number whose leading zero was dropped: 8XXXXXXXX (also 6… and 9…).
const ZERO_LOST = /^[689]\d{8}$/;

/**
 * The phone text of a cell as the person typed it, undoing what Excel does to numbers:
 * - a number 812345678 (its leading zero lost) → "0812345678"; 66812345678 → "66812345678";
 * - a text "8.12345678E+08" is expanded only when every digit is still there (as many decimals as
 *   the exponent); "6.68123457E+10" lost its last digits and is left as it is, so it is invalid —
 *   digits are never guessed.
 * Anything else comes back trimmed, for normaliseRecipient to accept or refuse.
 */
export function recoverPhoneText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value <= 0) return String(value);
    text = String(value);
  } else {
    text = value.trim();
    const scientific = SCIENTIFIC.exec(text);
    if (scientific) {
      const [, whole, decimals = "", exponent = "0"] = scientific;
      if (decimals.length !== Number(exponent)) return text;
      text = `${whole}${decimals}`;
    }
  }
  return ZERO_LOST.test(text) ? `0${text}` : text;
}

/** The 66 form of a cell's phone number after recovery, or null when it is not a valid recipient. */
export function importPhone(value: string | number | null | undefined): string | null {
  const text = recoverPhoneText(value);
  return text ? normaliseRecipient(text) : null;
}

/** Longest first/last name kept from a file; longer text is cut, not refused. */
export const IMPORT_NAME_MAX_LENGTH = 100;
/** Longest raw phone text kept (what the preview shows of an invalid number). */
export const IMPORT_RAW_PHONE_MAX_LENGTH = 50;

/** A name cell as stored: no control characters, trimmed, at most IMPORT_NAME_MAX_LENGTH characters. */
export function cleanImportText(value: string, maxLength = IMPORT_NAME_MAX_LENGTH): string {
  const clean = value.replace(/\p{Cc}/gu, " ").trim();
  return clean.length > maxLength ? Array.from(clean).slice(0, maxLength).join("") : clean;
}
