import type { TOtpConversion } from "@sms/domain/contracts/otp-guard";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { dayDate, StackedDayBars } from "~/components/chart/stacked-day-bars";
import { useLocale } from "~/lib/locale";
import { percentOf } from "../lib/conversion";

type Day = TOtpConversion["days"][number];

/** Bottom to top: verified, never verified (expired or failed), still waiting, refused by the guard. */
const STACK = [
  { key: "verified", fill: "fill-green-600", swatch: "bg-green-600" },
  { key: "lost", fill: "fill-red-600", swatch: "bg-red-600" },
  { key: "pending", fill: "fill-gray-300", swatch: "bg-gray-300" },
  { key: "blocked", fill: "fill-amber-500", swatch: "bg-amber-500" },
] as const;
type Part = (typeof STACK)[number]["key"];

const part = (d: Day, key: Part) => (key === "lost" ? d.expired + d.failed : d[key]);

/**
 * OTP requests per day by outcome (the shared stacked bars; this module is loaded on demand, ADR 95
 * and 99); each bar's title gives the day's conversion, the table behind "show as table" the series.
 */
export default function OtpConversionChart({ days }: { days: readonly Day[] }) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const requests = days.reduce((sum, d) => sum + d.requests, 0);
  const verified = days.reduce((sum, d) => sum + d.verified, 0);
  return (
    <StackedDayBars
      testId="otp-conversion-chart"
      days={days}
      stack={STACK.map((layer) => ({ ...layer, label: t(`conversion.chart.${layer.key}`) }))}
      layerValue={part}
      totalOf={(d) => d.requests + d.blocked}
      summary={t("conversion.chart.summary", {
        start: formatDate(dayDate(days[0]?.day ?? ""), locale),
        end: formatDate(dayDate(days.at(-1)?.day ?? ""), locale),
        requests: formatNumber(requests),
        rate: percentOf(requests > 0 ? verified / requests : null, locale),
      })}
      barTitle={(d, short) =>
        t("conversion.chart.barTitle", {
          day: short,
          requests: formatNumber(d.requests),
          rate: percentOf(d.conversion, locale),
          blocked: formatNumber(d.blocked),
        })
      }
      empty={t("conversion.empty")}
      showTable={t("conversion.chart.showTable")}
      table={{
        caption: t("conversion.chart.title"),
        head: (
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className="py-1 pe-3 text-start font-medium">
              {t("conversion.day")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("conversion.requests")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("conversion.verified")}
            </th>
            <th scope="col" className="px-2 py-1 text-end font-medium">
              {t("conversion.rate")}
            </th>
            <th scope="col" className="ps-2 py-1 text-end font-medium">
              {t("conversion.blocked")}
            </th>
          </tr>
        ),
        rows: days.map((d) => (
          <tr key={d.day} className="border-b border-gray-100">
            <th scope="row" className="py-1 pe-3 text-start font-normal whitespace-nowrap">
              {formatDate(dayDate(d.day), locale)}
            </th>
            <td className="px-2 py-1 text-end tabular-nums">{formatNumber(d.requests)}</td>
            <td className="px-2 py-1 text-end tabular-nums">{formatNumber(d.verified)}</td>
            <td className="px-2 py-1 text-end tabular-nums">{percentOf(d.conversion, locale)}</td>
            <td className="ps-2 py-1 text-end tabular-nums">{formatNumber(d.blocked)}</td>
          </tr>
        )),
      }}
    />
  );
}
