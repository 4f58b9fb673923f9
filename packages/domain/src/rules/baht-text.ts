/**
 * An amount in words as a Thai receipt writes it (issue 10: receipts and tax invoices), in Thai
 * ("หนึ่งพันสองร้อยสิบสี่บาทถ้วน", as Excel's BAHTTEXT) and in English ("One thousand two hundred
 * fourteen baht only"). Amounts are in satang, non-negative safe integers.
 */

const THAI_DIGITS = ["ศูนย์", "หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า"] as const;
const THAI_PLACES = ["", "สิบ", "ร้อย", "พัน", "หมื่น", "แสน"] as const;

function assertSatang(satang: number): void {
  if (!Number.isSafeInteger(satang) || satang < 0) {
    throw new RangeError("satang must be a non-negative safe integer");
  }
}

/**
 * 0 < group < 1,000,000. `edIfOne`: a lone 1 is read เอ็ด because a higher group came before it
 * ("หนึ่งล้านเอ็ด"), the way BAHTTEXT reads 1,000,001.
 */
function thaiGroup(group: number, edIfOne: boolean): string {
  const digits = String(group).split("").map(Number);
  let words = "";
  digits.forEach((digit, i) => {
    const place = digits.length - 1 - i;
    if (digit === 0) return;
    if (place === 1) {
      words += digit === 1 ? "สิบ" : digit === 2 ? "ยี่สิบ" : `${THAI_DIGITS[digit]}สิบ`;
    } else if (place === 0 && digit === 1 && (group > 1 || edIfOne)) {
      words += "เอ็ด";
    } else {
      words += `${THAI_DIGITS[digit]}${THAI_PLACES[place]}`;
    }
  });
  return words;
}

/** A whole number in Thai words; from 10^12 on, ล้าน repeats ("หนึ่งล้านล้าน"). */
export function thaiNumberText(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError("value must be a non-negative safe integer");
  if (value === 0) return THAI_DIGITS[0];
  const millions = Math.floor(value / 1_000_000);
  const rest = value % 1_000_000;
  const head = millions > 0 ? `${thaiNumberText(millions)}ล้าน` : "";
  return rest === 0 ? head : head + thaiGroup(rest, millions > 0);
}

/** "หนึ่งพันสองร้อยสิบสี่บาทถ้วน", "สิบบาทห้าสิบสตางค์", "ห้าสิบสตางค์", "ศูนย์บาทถ้วน". */
export function bahtTextThai(satang: number): string {
  assertSatang(satang);
  const baht = Math.floor(satang / 100);
  const fraction = satang % 100;
  if (fraction === 0) return `${thaiNumberText(baht)}บาทถ้วน`;
  const satangWords = `${thaiNumberText(fraction)}สตางค์`;
  return baht === 0 ? satangWords : `${thaiNumberText(baht)}บาท${satangWords}`;
}

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
] as const;
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"] as const;
const SCALES = ["", "thousand", "million", "billion", "trillion", "quadrillion"] as const;

/** 0 < n < 1000. */
function englishHundreds(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`);
  if (rest >= 20) {
    const unit = rest % 10;
    const tens = TENS[Math.floor(rest / 10)] as string;
    parts.push(unit === 0 ? tens : `${tens}-${ONES[unit]}`);
  } else if (rest > 0) {
    parts.push(ONES[rest] as string);
  }
  return parts.join(" ");
}

/** A whole number in English words, without "and" (as cheques and receipts write it). */
export function englishNumberText(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError("value must be a non-negative safe integer");
  if (value === 0) return ONES[0];
  const parts: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0; scale++) {
    const group = rest % 1000;
    if (group > 0)
      parts.unshift(SCALES[scale] ? `${englishHundreds(group)} ${SCALES[scale]}` : englishHundreds(group));
    rest = Math.floor(rest / 1000);
  }
  return parts.join(" ");
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "One thousand two hundred fourteen baht only", "Ten baht and fifty satang", "Fifty satang". */
export function bahtTextEnglish(satang: number): string {
  assertSatang(satang);
  const baht = Math.floor(satang / 100);
  const fraction = satang % 100;
  if (fraction === 0) return capitalize(`${englishNumberText(baht)} baht only`);
  const satangWords = `${englishNumberText(fraction)} satang`;
  return capitalize(baht === 0 ? satangWords : `${englishNumberText(baht)} baht and ${satangWords}`);
}

/** The amount in words in the receipt's language. */
export function bahtText(satang: number, locale: "th" | "en"): string {
  return locale === "th" ? bahtTextThai(satang) : bahtTextEnglish(satang);
}
