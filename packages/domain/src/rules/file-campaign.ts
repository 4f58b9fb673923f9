import { detectImportLayout, fieldOfHeader } from "./contact-import.ts";

/**
 * Reading a file campaign (spec §5 "campaigns from an uploaded file", issue 12): which column holds
 * the recipients and which columns can personalise the message.
 *
 * - The phone column is found as in contact imports: a header cell naming it (phone_number, phone,
 *   mobile, tel, msisdn, เบอร์โทร, …), or the column the caller names (`phone_column`), or by position
 *   in a file without a header (one column: it; two: the second; three or more: the third).
 * - Tags: `{phone_number}` is always the recipient in local form (0XXXXXXXXX). Every header is a tag
 *   of its own, written in lower case with runs of other characters as `_`: "Amount Due" is
 *   `{amount_due}`, "Name" is `{name}` (issue 24, D36: the file's own words). A first- or last-name
 *   column recognised by its header (ชื่อ, นามสกุล, First Name, Name, …, or by position without a
 *   header) is also `{first_name}` / `{last_name}`, so a template written for contacts fits; that
 *   alias is offered only when the header gives no tag of its own (Thai-only text, a leading digit).
 */

/** Most data rows one file campaign may have (the upload's 50 MB holds about this many). */
export const FILE_CAMPAIGN_MAX_ROWS = 1_000_000;

/** The tag that always holds the recipient's number. */
export const PHONE_TAG = "phone_number";

const TAG_NAME = /^[a-z][a-z0-9_]*$/;

/** The tag a header gives (`{amount_due}` for "Amount Due"), or null when it gives none. */
export function columnTag(header: string): string | null {
  const name = header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return TAG_NAME.test(name) ? name : null;
}

export interface FileCampaignLayout {
  /** The first row names the columns (and is not a recipient). */
  header: boolean;
  /** Column of the recipients' numbers. */
  phone: number;
  /** Each usable tag (without braces) and its column; `phone_number` is not in it. */
  tags: Map<string, number>;
  /** The tags of `tags` to offer: each column once, by its own name when it has one. */
  offered: string[];
}

const sameHeader = (cell: string, wanted: string) =>
  cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase() === wanted.trim().toLowerCase() ||
  (columnTag(cell) !== null && columnTag(cell) === columnTag(wanted));

/**
 * The layout from the file's first row (see the module comment). With `phoneColumn`, the first row
 * must be a header holding that name: answers null when it does not.
 */
export function detectFileCampaignLayout(
  firstRow: readonly string[],
  phoneColumn?: string,
): FileCampaignLayout | null {
  const detected = detectImportLayout(firstRow);
  const tags = new Map<string, number>();
  if (phoneColumn === undefined && !detected.header) {
    // No header: the template's positions (first name, last name, phone).
    const { firstName, lastName, phone } = detected.columns;
    if (firstName >= 0) tags.set("first_name", firstName);
    if (lastName >= 0) tags.set("last_name", lastName);
    return { header: false, phone, tags, offered: [...tags.keys()] };
  }
  const phone =
    phoneColumn === undefined
      ? detected.columns.phone
      : firstRow.findIndex((cell) => sameHeader(cell, phoneColumn));
  if (phone === -1) return null;
  // Names by their headers only: in a header row, position says nothing.
  firstRow.forEach((cell, index) => {
    if (index === phone) return;
    const field = fieldOfHeader(cell);
    const tag = field === "firstName" ? "first_name" : field === "lastName" ? "last_name" : null;
    if (tag && !tags.has(tag)) tags.set(tag, index);
  });
  const aliases = new Map([...tags].map(([tag, index]) => [index, tag]));
  const offered: string[] = [];
  firstRow.forEach((cell, index) => {
    if (index === phone) return;
    const tag = columnTag(cell);
    if (tag && tag !== PHONE_TAG && (!tags.has(tag) || tags.get(tag) === index)) {
      tags.set(tag, index);
      offered.push(tag);
    } else {
      const alias = aliases.get(index);
      if (alias) offered.push(alias);
    }
  });
  return { header: true, phone, tags, offered };
}
