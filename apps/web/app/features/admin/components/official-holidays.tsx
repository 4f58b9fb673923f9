import type { THoliday } from "@sms/domain/contracts/admin";
import {
  THAI_PUBLIC_HOLIDAY_YEARS,
  THAI_PUBLIC_HOLIDAYS_SOURCE,
  thaiPublicHolidays,
} from "@sms/domain/rules/thai-public-holidays";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, Checkbox, FormAlert } from "~/components/form";
import { useLocale } from "~/lib/locale";
import { useAddHolidays } from "../api/create-holiday";
import { errorText } from "../lib/error-text";
import { holidayDate } from "../lib/holiday-date";

interface OfficialHolidaysProps {
  year: number;
  /** The year's holidays already in the table (undefined while loading). */
  present: readonly THoliday[] | undefined;
}

/**
 * "Load the official holidays" of the year shown (review D69, ADR 76): the built-in table of
 * packages/domain as a preview to untick, days already in the table shown but not added again,
 * the table's source, and a translated refusal for a year the table does not cover.
 */
export function OfficialHolidays({ year, present }: OfficialHolidaysProps) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const add = useAddHolidays();
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [notCovered, setNotCovered] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const official = thaiPublicHolidays(year);
  const presentDates = new Set((present ?? []).map((h) => h.date));
  const shownYear = (y: number) => (locale === "th" ? y + 543 : y);

  const load = () => {
    setError(null);
    if (!official) {
      setNotCovered(true);
      return;
    }
    setNotCovered(false);
    setChosen(new Set(official.filter((h) => !presentDates.has(h.date)).map((h) => h.date)));
  };

  const toAdd = official?.filter((h) => chosen?.has(h.date) && !presentDates.has(h.date)) ?? [];

  const submit = async () => {
    setError(null);
    try {
      const { added } = await add.mutateAsync(toAdd.map((h) => ({ date: h.date, name: h.name[locale] })));
      toast.success(t("settings.officialAdded", { count: added }));
      setChosen(null);
    } catch (e) {
      setError(errorText(e, t("common.loadError")));
    }
  };

  return (
    <div className="space-y-3" data-testid="official-holidays">
      <Button
        size="sm"
        variant="light-primary"
        onClick={load}
        disabled={present === undefined}
        data-testid="load-official"
      >
        {t("settings.official", { year: shownYear(year) })}
      </Button>
      {notCovered ? (
        <FormAlert tone="warning" testId="official-not-covered">
          {t("settings.officialNotCovered", {
            year: shownYear(year),
            years: THAI_PUBLIC_HOLIDAY_YEARS.map(shownYear).join(", "),
          })}
        </FormAlert>
      ) : null}
      {official && chosen ? (
        <section
          className="space-y-3 rounded-md border border-gray-200 p-3"
          aria-labelledby="official-holidays-title"
          data-testid="official-preview"
        >
          <h3 id="official-holidays-title" className="font-semibold text-gray-900">
            {t("settings.officialTitle", { year: shownYear(year) })}
          </h3>
          <p className="text-sm text-gray-700">{t("settings.officialIntro")}</p>
          <ul className="space-y-1">
            {official.map((holiday) => {
              const already = presentDates.has(holiday.date);
              return (
                <li key={holiday.date} data-testid="official-holiday">
                  <Checkbox
                    checked={already || chosen.has(holiday.date)}
                    disabled={already}
                    onChange={(checked) => {
                      const next = new Set(chosen);
                      if (checked) next.add(holiday.date);
                      else next.delete(holiday.date);
                      setChosen(next);
                    }}
                    description={already ? t("settings.officialPresent") : undefined}
                  >
                    <span className="font-medium">{holidayDate(holiday.date, locale)}</span> ·{" "}
                    {holiday.name[locale]}
                  </Checkbox>
                </li>
              );
            })}
          </ul>
          <p className="text-xs text-gray-600" data-testid="official-source">
            {t("settings.officialSource", { source: THAI_PUBLIC_HOLIDAYS_SOURCE[locale] })}
          </p>
          <FormAlert>{error}</FormAlert>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => void submit()}
              disabled={toAdd.length === 0}
              isLoading={add.isPending}
              data-testid="add-official"
            >
              {toAdd.length === 0
                ? t("settings.officialNothing")
                : t("settings.officialAdd", { count: toAdd.length })}
            </Button>
            <Button size="sm" variant="light-gray" onClick={() => setChosen(null)}>
              {t("common.cancel")}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
