/** A share as a percentage in the reader's language ("–" without a whole). */
export function percentOf(rate: number | null, locale: string): string {
  if (rate === null) return "–";
  return new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-GB", {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(rate);
}

/** Seconds as "45 s" or "2 min 5 s" ("–" without any). */
export function durationOf(seconds: number | null, units: { s: string; min: string }): string {
  if (seconds === null) return "–";
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} ${units.s}`;
  const rest = whole % 60;
  return rest === 0
    ? `${Math.floor(whole / 60)} ${units.min}`
    : `${Math.floor(whole / 60)} ${units.min} ${rest} ${units.s}`;
}
