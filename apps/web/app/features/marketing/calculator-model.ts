import { countSms } from "@sms/domain/rules/sms";

export interface CreditEstimate {
  length: number;
  unicode: boolean;
  perPart: number;
  parts: number;
  /** 0 while the recipient count is refused. */
  credits: number;
  /** False for a negative or fractional recipient count: refused, not silently corrected. */
  recipientsValid: boolean;
  remaining: number;
  /** Printable form of the character that forced the 70-character rate. */
  forcingChar: string | null;
  /** 1-based position for people, in characters as counted for billing. */
  forcingPosition: number | null;
  /** True when the forcing character would be invisible (a special space or control character). */
  forcingInvisible: boolean;
}

const INVISIBLE = /^[\s\p{Cc}\p{Cf}]$/u;

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** What the credit calculator shows: the domain SMS rules (spec §5) applied to a text and a recipient count. */
export function estimateCredits(text: string, recipients: number): CreditEstimate {
  const count = countSms(text);
  const recipientsValid = Number.isSafeInteger(recipients) && recipients >= 0;
  const invisible = count.forcingChar !== null && INVISIBLE.test(count.forcingChar);
  return {
    length: count.length,
    unicode: count.encoding === "unicode",
    perPart: count.perPart,
    parts: count.parts,
    credits: recipientsValid ? count.parts * recipients : 0,
    recipientsValid,
    remaining: count.remainingInPart,
    forcingChar:
      count.forcingChar === null ? null : invisible ? codePoint(count.forcingChar) : count.forcingChar,
    forcingPosition: count.forcingIndex === null ? null : count.forcingIndex + 1,
    forcingInvisible: invisible,
  };
}
