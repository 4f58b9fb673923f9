import { Time } from "@internationalized/date";
import { SCHEDULE_MAX_DAYS_AHEAD } from "@sms/domain/contracts/schedules";
import { formatDate } from "@sms/domain/rules/format";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextInput } from "~/components/form";
import { DatePicker, todayInBangkok } from "~/components/form/date";
import { TimeInput } from "~/components/form/time-input";
import { useLocale } from "~/lib/locale";
import { useCronDescription } from "../lib/describe-cron";
import {
  cronOf,
  REPEAT_KINDS,
  SCHEDULE_MODES,
  type ScheduleProblem,
  type ScheduleValue,
  upcomingRuns,
  withDefaultSendTime,
  withEndOfDay,
} from "../lib/schedule";

/** Sunday first, as cron counts them. */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const RUN_PATTERN = "ddd DD MMM YYYY HH:mm";

const timeValue = (text: string) => {
  const [hour = 9, minute = 0] = text.split(":").map(Number);
  return new Time(hour, minute);
};
const timeText = (time: Time) =>
  `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;

export interface ScheduleFieldsProps {
  value: ScheduleValue;
  onChange: (value: ScheduleValue) => void;
  /** The problem to show (after a submit), or null. */
  problem: ScheduleProblem | null;
  /** Now, for the next runs (tests pass a fixed clock). */
  now?: Date;
}

/** The problem's text in the page's language. */
export function useScheduleProblemText(): (problem: ScheduleProblem | null) => string | undefined {
  const { t } = useTranslation("schedules");
  const { t: domainText } = useTranslation("domain");
  return (problem) => {
    if (!problem) return undefined;
    if (problem.key === "schedules.validation.weekdays_required") return t("form.weekdaysRequired");
    return domainText(problem.key);
  };
}

/**
 * When a campaign goes out (spec §3 Campaign schedule; issue 13 point 2): now, once at a date and
 * time, or recurring on the Bangkok clock, daily, weekly on chosen days, monthly on a date, or by a
 * cron expression, until an end date and time. A recurring choice shows its next five sends and
 * the pattern in natural words ("ทุกวันจันทร์ เวลา 09:00 น."); the expression only for a custom one.
 * A picked date starts at the next full hour or 09:00, an end date at 23:59 (D37, D38).
 */
export function ScheduleFields({ value, onChange, problem, now = new Date() }: ScheduleFieldsProps) {
  const { t } = useTranslation("schedules");
  const locale = useLocale();
  const problemText = useScheduleProblemText();
  const legendId = useId();
  const weekdaysId = useId();
  const set = (patch: Partial<ScheduleValue>) => onChange({ ...value, ...patch });
  const errorOn = (path: ScheduleProblem["path"]) =>
    problem?.path === path ? problemText(problem) : undefined;

  const today = todayInBangkok();
  const minValue = today.toString();
  const maxValue = today.add({ days: SCHEDULE_MAX_DAYS_AHEAD }).toString();
  const endMax = today.add({ days: SCHEDULE_MAX_DAYS_AHEAD * 3 }).toString();
  const recurring = value.mode === "recurring";
  const cron = recurring ? cronOf(value) : null;
  const runs = recurring ? upcomingRuns(value, now) : [];
  const description = useCronDescription(cron, locale);
  const weekdayName = (day: number) =>
    new Intl.DateTimeFormat(locale === "th" ? "th-TH" : "en-GB", { weekday: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2026, 0, 4 + day)),
    );

  return (
    <fieldset aria-labelledby={legendId} className="space-y-4 rounded-md border border-gray-200 p-4">
      <legend id={legendId} className="px-1 text-sm font-medium text-gray-800">
        {t("form.legend")}
      </legend>
      {/* Native radios of one name inside the labelled fieldset: arrow keys move between them. */}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {SCHEDULE_MODES.map((mode) => (
          <label key={mode} className="flex cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name={`${legendId}-mode`}
              value={mode}
              checked={value.mode === mode}
              onChange={() => set({ mode })}
              className="size-4 accent-primary-600"
              data-testid={`schedule-mode-${mode}`}
            />
            {t(`form.modes.${mode}`)}
          </label>
        ))}
      </div>

      {value.mode === "now" ? null : (
        <DatePicker
          label={recurring ? t("form.startsAt") : t("form.runAt")}
          isRequired
          withTime
          value={value.runAt}
          onChange={(runAt) => set({ runAt: withDefaultSendTime(runAt, value.runAt, now) })}
          minValue={minValue}
          maxValue={maxValue}
          description={t("form.bangkokTime")}
          error={errorOn("run_at")}
          data-testid="schedule-run-at"
        />
      )}

      {recurring ? (
        <>
          <SelectField
            label={t("form.repeat")}
            value={value.repeat}
            onChange={(repeat) => set({ repeat: repeat as ScheduleValue["repeat"] })}
            options={REPEAT_KINDS.map((kind) => ({ value: kind, label: t(`form.repeats.${kind}`) }))}
            data-testid="schedule-repeat"
          />
          {value.repeat === "custom" ? (
            <TextInput
              label={t("form.cron")}
              isRequired
              value={value.cron}
              onChange={(cron) => set({ cron })}
              autoComplete="off"
              spellCheck={false}
              placeholder="0 9 * * 1-5"
              description={t("form.cronHelp")}
              error={errorOn("cron")}
              data-testid="schedule-cron"
            />
          ) : (
            <>
              <div className="max-w-xs space-y-1" data-testid="schedule-time">
                <TimeInput
                  label={t("form.time")}
                  value={timeValue(value.time)}
                  onChange={(time) => set({ time: timeText(time) })}
                />
                <p className="text-xs text-gray-600">{t("form.bangkokTime")}</p>
              </div>
              {value.repeat === "weekly" ? (
                <fieldset aria-labelledby={weekdaysId} className="space-y-1">
                  <legend id={weekdaysId} className="text-sm font-medium text-gray-800">
                    {t("form.weekdays")}
                  </legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    {WEEKDAYS.map((day) => (
                      <label key={day} className="flex cursor-pointer items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary-600"
                          checked={value.weekdays.includes(day)}
                          onChange={(event) =>
                            set({
                              weekdays: event.target.checked
                                ? [...value.weekdays, day].sort()
                                : value.weekdays.filter((d) => d !== day),
                            })
                          }
                          data-testid={`schedule-weekday-${day}`}
                        />
                        {weekdayName(day)}
                      </label>
                    ))}
                  </div>
                  {errorOn("cron") ? (
                    <p className="text-sm text-red-700" role="alert">
                      * {errorOn("cron")}
                    </p>
                  ) : null}
                </fieldset>
              ) : null}
              {value.repeat === "monthly" ? (
                <SelectField
                  label={t("form.monthDay")}
                  value={String(value.monthDay)}
                  onChange={(day) => set({ monthDay: Number(day) })}
                  options={Array.from({ length: 31 }, (_, i) => ({
                    value: String(i + 1),
                    label: String(i + 1),
                  }))}
                  description={t("form.monthDayHelp")}
                  data-testid="schedule-month-day"
                />
              ) : null}
              {value.repeat !== "weekly" && errorOn("cron") ? (
                <p className="text-sm text-red-700" role="alert">
                  * {errorOn("cron")}
                </p>
              ) : null}
            </>
          )}
          <DatePicker
            label={t("form.endsAt")}
            isRequired
            withTime
            value={value.endsAt}
            onChange={(endsAt) => set({ endsAt: withEndOfDay(endsAt, value.endsAt) })}
            minValue={value.runAt?.slice(0, 10) ?? minValue}
            maxValue={endMax}
            description={t("form.bangkokTime")}
            error={errorOn("ends_at")}
            data-testid="schedule-ends-at"
          />
          <div className="space-y-2 rounded-md bg-gray-50 p-3 text-sm" aria-live="polite">
            {/* A cron expression means something only to those who wrote one (D37). */}
            {value.repeat === "custom" ? (
              <p data-testid="schedule-cron-expression">
                <span className="text-gray-600">{t("form.expression")}</span>{" "}
                <code className="font-semibold text-gray-900">{cron ?? "—"}</code>
              </p>
            ) : null}
            {description ? (
              <p className="font-medium text-gray-900" data-testid="schedule-description">
                {description}
              </p>
            ) : null}
            <div>
              <h3 className="text-sm font-medium text-gray-800">{t("form.nextRuns")}</h3>
              {runs.length === 0 ? (
                <p className="text-gray-600" data-testid="schedule-no-runs">
                  {t("form.noRuns")}
                </p>
              ) : (
                <ol
                  className="mt-1 list-decimal space-y-0.5 ps-5 tabular-nums"
                  data-testid="schedule-next-runs"
                >
                  {runs.map((run) => (
                    <li key={run.getTime()}>{formatDate(run, locale, RUN_PATTERN)}</li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
