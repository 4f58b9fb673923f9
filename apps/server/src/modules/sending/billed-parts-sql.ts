import { SMS_PART_LIMITS } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";

// Code points above U+007F make the whole text unicode (countSms); NUL cannot be in a PostgreSQL text.
const NON_ASCII = sql.raw(String.raw`'[^\x01-\x7f]'`);
// Characters outside the Basic Multilingual Plane take two UCS-2 units (a surrogate pair) on the wire.
const ASTRAL = sql.raw(String.raw`'[\U00010000-\U0010FFFF]'`);

const n = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * countSms(text).parts as SQL, for texts built in the database (a group's personalised messages,
 * which are never loaded into Node): one non-ASCII character makes the text unicode (70/67 UCS-2
 * units, an astral character counting 2), otherwise 160/154; empty text is 0 parts. The limits are
 * the domain's; a test checks this against countSms on the same texts.
 */
export function billedPartsSql(text: SQL): SQL {
  const ascii = SMS_PART_LIMITS["single-byte"];
  const unicode = SMS_PART_LIMITS.unicode;
  const units = sql`(char_length(${text}) * 2 - char_length(regexp_replace(${text}, ${ASTRAL}, '', 'g')))`;
  return sql`(case
    when ${text} ~ ${NON_ASCII} then
      (case when ${units} <= ${n(unicode.single)} then 1 else ceil(${units}::numeric / ${n(unicode.multipart)}) end)
    when char_length(${text}) = 0 then 0
    when char_length(${text}) <= ${n(ascii.single)} then 1
    else ceil(char_length(${text})::numeric / ${n(ascii.multipart)})
  end)::int`;
}
