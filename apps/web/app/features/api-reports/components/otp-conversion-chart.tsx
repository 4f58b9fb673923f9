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
        dayTitle: t("conversion.day"),
        columns: [
          {
            key: "requests",
            title: t("conversion.requests"),
            numeric: true,
            cell: (d) => formatNumber(d.requests),
          },
          {
            key: "verified",
            title: t("conversion.verified"),
            numeric: true,
            cell: (d) => formatNumber(d.verified),
          },
          {
            key: "rate",
            title: t("conversion.rate"),
            numeric: true,
            cell: (d) => percentOf(d.conversion, locale),
          },
          {
            key: "blocked",
            title: t("conversion.blocked"),
            numeric: true,
            cell: (d) => formatNumber(d.blocked),
          },
        ],
      }}
    />
  );
}
