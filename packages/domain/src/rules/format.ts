import type { Locale } from "../routes.ts";
import { inBangkok } from "./bangkok-time.ts";

export const DEFAULT_DATE_PATTERN = "DD MMM YYYY";
export const TIME_PATTERN = "HH:mm";

/** Year tokens outside [escaped text]; Thai readers expect Buddhist-era years (CE + 543). */
const YEAR_TOKENS = /\[[^\]]*\]|YYYY|YY/g;

function toBuddhistEra(pattern: string): string {
  return pattern.replace(YEAR_TOKENS, (token) =>
    token.startsWith("[") ? token : token === "YYYY" ? "BBBB" : "BB",
  );
}

/** Dates render in Bangkok time whatever the machine's TZ, e.g. "22 พ.ย. 2569" / "22 Nov 2026". */
export function formatDate(date: Date, locale: Locale, pattern = DEFAULT_DATE_PATTERN): string {
  return inBangkok(date)
    .locale(locale)
    .format(locale === "th" ? toBuddhistEra(pattern) : pattern);
}

/** 24-hour clock in both languages. */
export function formatTime(date: Date): string {
  return inBangkok(date).format(TIME_PATTERN);
}

export function formatDateTime(date: Date, locale: Locale): string {
  return formatDate(date, locale, `${DEFAULT_DATE_PATTERN} ${TIME_PATTERN}`);
}

const FILE_SIZE_UNITS = ["KB", "MB", "GB"] as const;
const KIBI = 1024;

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** 1024-based, at most 2 decimals with trailing zeros dropped: "512 bytes" ("512 ไบต์" in Thai), "1.5 KB", "2 MB". */
export function formatFileSize(bytes: number, locale: Locale = "en"): string {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError("bytes must be a non-negative integer");
  if (bytes < KIBI) return `${bytes} ${locale === "th" ? "ไบต์" : bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes / KIBI;
  let unit = 0;
  // Promote on the rounded value so 1023.999 KB reads "1 MB", not "1024 KB".
  while (roundTo2(value) >= KIBI && unit < FILE_SIZE_UNITS.length - 1) {
    value /= KIBI;
    unit += 1;
  }
  return `${formatNumber(roundTo2(value))} ${FILE_SIZE_UNITS[unit]}`;
}

const NUMBER_FORMAT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, signDisplay: "negative" });

/** Thousands separators with Western digits, the convention in both Thai and English UIs: "1,234,567". */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError("value must be a finite number");
  return NUMBER_FORMAT.format(value);
}
