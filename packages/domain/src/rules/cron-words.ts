import type { Locale } from "../routes.ts";
import { type CronPreset, recognisePreset } from "./cron.ts";

/**
 * A recurring schedule in natural words (issue 24, D37): "ทุกวันจันทร์ เวลา 09:00 น.", "Every Monday
 * at 09:00". Only the presets the form offers (daily, weekly, monthly) have words of ours; a custom
 * expression answers null, and the screens fall back to a cron library's description.
 */

const WEEKDAY_NAMES: Record<Locale, readonly string[]> = {
  th: ["วันอาทิตย์", "วันจันทร์", "วันอังคาร", "วันพุธ", "วันพฤหัสบดี", "วันศุกร์", "วันเสาร์"],
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
};

/** Monday first, as people read a week. */
const mondayFirst = (day: number) => (day + 6) % 7;

function clock({ hour, minute }: { hour: number; minute: number }): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

function list(items: readonly string[], locale: Locale): string {
  if (items.length <= 1) return items.join("");
  const head = items.slice(0, -1);
  const last = items.at(-1) ?? "";
  if (locale === "th") return items.length === 2 ? `${head[0]}และ${last}` : `${head.join(" ")} และ${last}`;
  return `${head.join(", ")} and ${last}`;
}

function daysWords(days: readonly number[], locale: Locale): string {
  const sorted = [...new Set(days)].sort((a, b) => mondayFirst(a) - mondayFirst(b));
  const names = WEEKDAY_NAMES[locale];
  if (sorted.join(",") === "1,2,3,4,5") {
    return locale === "th" ? `${names[1]}ถึง${names[5]}` : `${names[1]} to ${names[5]}`;
  }
  return list(
    sorted.map((day) => names[day] ?? ""),
    locale,
  );
}

/** The preset in words in `locale`. */
export function describePreset(preset: CronPreset, locale: Locale): string {
  const at = clock(preset.time);
  if (locale === "th") {
    const time = `เวลา ${at} น.`;
    if (preset.kind === "daily") return `ทุกวัน ${time}`;
    if (preset.kind === "weekly") return `ทุก${daysWords(preset.days, "th")} ${time}`;
    return `ทุกวันที่ ${preset.day} ของเดือน ${time}`;
  }
  if (preset.kind === "daily") return `Every day at ${at}`;
  if (preset.kind === "weekly") return `Every ${daysWords(preset.days, "en")} at ${at}`;
  return `On day ${preset.day} of every month at ${at}`;
}

/** The expression in words when it is a preset, else null (a custom expression). */
export function describeCron(expression: string, locale: Locale): string | null {
  const preset = recognisePreset(expression);
  return preset ? describePreset(preset, locale) : null;
}
