import type { Locale } from "@sms/domain/routes";
import { describeCron } from "@sms/domain/rules/cron-words";
import { useEffect, useState } from "react";

type Describe = (expression: string, locale: Locale) => string;

let loading: Promise<Describe> | null = null;

/**
 * cronstrue with its Thai locale, loaded on demand: only the schedule screens pay for it, and the
 * SPA's first load stays within its budget (ADR 0009).
 */
export function loadDescriber(): Promise<Describe> {
  loading ??= (async () => {
    const { default: cronstrue } = await import("cronstrue");
    await import("cronstrue/locales/th");
    return (expression: string, locale: Locale) =>
      cronstrue.toString(expression, {
        locale,
        use24HourTimeFormat: true,
        verbose: false,
        throwExceptionOnParseError: true,
      });
  })();
  // A failed chunk load (a deploy replaced it) may be tried again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The expression in words in the page's language: ours for the form's presets ("ทุกวันจันทร์ เวลา
 * 09:00 น.", D37), cronstrue's for a custom one; null while loading or when invalid.
 */
export function useCronDescription(expression: string | null, locale: Locale): string | null {
  const [described, setDescribed] = useState<{ key: string; text: string | null } | null>(null);
  const key = `${locale}|${expression ?? ""}`;
  const natural = expression ? describeCron(expression, locale) : null;
  useEffect(() => {
    if (!expression || natural) return;
    let live = true;
    loadDescriber()
      .then((describe) => {
        let text: string | null = null;
        try {
          text = describe(expression, locale);
        } catch {
          text = null;
        }
        if (live) setDescribed({ key, text });
      })
      .catch(() => {
        if (live) setDescribed({ key, text: null });
      });
    return () => {
      live = false;
    };
  }, [expression, locale, key, natural]);
  if (natural) return natural;
  return expression && described?.key === key ? described.text : null;
}
