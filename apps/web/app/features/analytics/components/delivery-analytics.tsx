import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_MAX_DAYS,
  type TAnalyticsDimension,
  type TDeliveryAnalytics,
  type TFailureReason,
} from "@sms/domain/contracts/analytics";
import { OPERATOR_NONE } from "@sms/domain/contracts/campaigns";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { formatNumber } from "@sms/domain/rules/format";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/form";
import { DataTable, type DataTableColumn, ReportFilters } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useDeliveryAnalytics } from "../api/delivery";
import { type FigureFilters, messagesHref, percent } from "./links";

// The chart is its own chunk, fetched once the figures are on screen (ADR 95).
const DeliveryChart = lazy(() => import("./delivery-chart"));

type Group = TDeliveryAnalytics["groups"][number];
const NARROWING = ["campaign_id", "sender", "operator"] as const;
type Narrowing = (typeof NARROWING)[number];

const linkClass = "text-primary-700 underline underline-offset-2 hover:text-primary-900";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-gray-200 bg-white p-4" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /reports/analytics (issue 27 point 2, ADR 95): the period's delivery rate and failure reasons, per
 * day (a chart loaded on demand, with its table), and by campaign, sender or operator. Every figure
 * links to the messages report with the same period and filters. The period, the breakdown and a
 * narrowing to one campaign, sender or operator live in the URL.
 */
export function DeliveryAnalytics() {
  const { t } = useTranslation("analytics");
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const start = params.get("start") ?? undefined;
  const end = params.get("end") ?? undefined;
  const byParam = params.get("by");
  const by: TAnalyticsDimension = (ANALYTICS_DIMENSIONS as readonly string[]).includes(byParam ?? "")
    ? (byParam as TAnalyticsDimension)
    : "campaign";
  const narrowing = Object.fromEntries(
    NARROWING.flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  ) as Partial<Record<Narrowing, string>>;
  const query = { ...(start && end ? { start, end } : {}), by, ...narrowing };
  const analytics = useDeliveryAnalytics(query);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: false });
  };

  const data = analytics.data;
  const defaultPeriod =
    start && end ? undefined : data ? { start: data.first_day, end: data.last_day } : undefined;
  const filters = (
    <div className="space-y-3">
      <ReportFilters
        key={defaultPeriod ? `${defaultPeriod.start}/${defaultPeriod.end}` : "chosen"}
        values={start && end ? { start, end } : {}}
        defaultPeriod={defaultPeriod}
        maxSpanDays={ANALYTICS_MAX_DAYS}
        onApply={(v) => update({ start: v.start, end: v.end })}
      />
      <fieldset className="flex flex-wrap items-center gap-2" data-testid="breakdown-choice">
        <legend className="sr-only">{t("by.legend")}</legend>
        <span className="text-sm text-gray-700" aria-hidden>
          {t("by.legend")}
        </span>
        {ANALYTICS_DIMENSIONS.map((dimension) => (
          <label
            key={dimension}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1 text-sm has-checked:border-primary-700 has-checked:bg-primary-50 has-checked:text-primary-900 has-focus-visible:outline-2 has-focus-visible:outline-primary-700"
          >
            <input
              type="radio"
              name="by"
              value={dimension}
              checked={by === dimension}
              onChange={() => update({ by: dimension === "campaign" ? undefined : dimension })}
              className="sr-only"
            />
            {t(`by.${dimension}`)}
          </label>
        ))}
      </fieldset>
      {Object.keys(narrowing).length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("narrowing.label")}>
          {NARROWING.flatMap((key) => {
            const value = narrowing[key];
            if (!value) return [];
            const shown = key === "operator" && value === OPERATOR_NONE ? t("operatorNone") : value;
            return [
              <li key={key} className="inline-flex items-center gap-1 rounded-full bg-gray-100 ps-3 text-sm">
                {t(`narrowing.${key}`, { value: shown })}
                <button
                  type="button"
                  className="rounded-full px-2 py-1 text-gray-600 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary-700"
                  aria-label={t("narrowing.remove", { filter: t(`narrowing.${key}`, { value: shown }) })}
                  onClick={() => update({ [key]: undefined })}
                >
                  ×
                </button>
              </li>,
            ];
          })}
        </ul>
      ) : null}
    </div>
  );

  if (analytics.isPending) {
    return (
      <div className="space-y-6" aria-busy="true">
        {filters}
        <p className="text-sm text-gray-600" role="status" data-testid="analytics-loading">
          {t("loading")}
        </p>
        <div className="grid animate-pulse gap-4 sm:grid-cols-3" aria-hidden>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={i} className="h-24 rounded-lg bg-gray-100" />
          ))}
        </div>
      </div>
    );
  }

  if (analytics.isError) {
    return (
      <div className="space-y-6">
        {filters}
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{analytics.error.message || t("loadFailed")}</p>
          <Button className="mt-2" size="sm" variant="light-gray" onClick={() => void analytics.refetch()}>
            {t("retry")}
          </Button>
        </div>
      </div>
    );
  }

  const d = analytics.data;
  const base: FigureFilters = { start: d.first_day, end: d.last_day, ...narrowing };
  const href = (more: Partial<FigureFilters>) => localize(messagesHref({ ...base, ...more }));
  return (
    <div className="space-y-6" data-testid="delivery-analytics">
      {filters}
      <Figures data={d} href={href} />
      {d.totals.messages === 0 ? (
        <p className="rounded-md bg-gray-50 p-4 text-sm text-gray-600" data-testid="analytics-empty">
          {t("empty")}
        </p>
      ) : (
        <>
          <Section title={t("chart.title")} testId="chart-section">
            <Suspense
              fallback={
                <p className="h-40 text-sm text-gray-500" role="status">
                  {t("chart.loading")}
                </p>
              }
            >
              <DeliveryChart
                days={d.days}
                hrefOf={(day, status, reason) => href({ start: day, end: day, status, reason })}
              />
            </Suspense>
          </Section>
          <div className="grid gap-6">
            <Reasons data={d} href={href} />
            <Breakdown data={d} href={href} narrow={(key, value) => update({ [key]: value })} />
          </div>
        </>
      )}
    </div>
  );
}

type Href = (more: Partial<FigureFilters>) => string;

function Figures({ data, href }: { data: TDeliveryAnalytics; href: Href }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const { messages, delivered, failed } = data.totals;
  const figure = (label: string, value: number, to: string, testId: string, rate?: string) => (
    <div className="min-w-0 rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-gray-900 sm:text-2xl" data-testid={testId}>
        <Link
          className={linkClass}
          to={to}
          aria-label={t("figures.linkLabel", { label, value: formatNumber(value) })}
        >
          {formatNumber(value)}
        </Link>
        {rate ? <span className="ms-2 text-base font-normal text-gray-600">{rate}</span> : null}
      </dd>
    </div>
  );
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {figure(t("figures.messages"), messages, href({}), "figure-messages")}
      {figure(
        t("figures.delivered"),
        delivered,
        href({ status: "delivered" }),
        "figure-delivered",
        t("figures.rate", { rate: percent(delivered, messages, locale) }),
      )}
      {figure(
        t("figures.failed"),
        failed,
        href({ status: "failed" }),
        "figure-failed",
        t("figures.rate", { rate: percent(failed, messages, locale) }),
      )}
    </dl>
  );
}

function reasonLabel(reason: Pick<TFailureReason, "state" | "code">, locale: "th" | "en"): string {
  return resolveDeliveryStatus(reason.state, reason.code).label[locale];
}

function Reasons({ data, href }: { data: TDeliveryAnalytics; href: Href }) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const columns = useMemo<DataTableColumn<TFailureReason, string>[]>(
    () => [
      {
        title: t("reasons.reason"),
        key: "reason",
        card: "title",
        cell: (r) => (
          <span>
            {reasonLabel(r, locale)}{" "}
            <span className="text-gray-500 tabular-nums">
              ({r.state}/{r.code})
            </span>
          </span>
        ),
      },
      {
        title: t("reasons.messages"),
        key: "messages",
        class: "text-end tabular-nums",
        cell: (r) => (
          <Link className={linkClass} to={href({ status: "failed", reason: r })}>
            {formatNumber(r.messages)}
          </Link>
        ),
      },
      {
        title: t("reasons.share"),
        key: "share",
        class: "text-end tabular-nums",
        cell: (r) => (
          <span className="inline-flex items-center justify-end gap-2">
            <span className="hidden h-2 w-16 overflow-hidden rounded bg-gray-100 sm:inline-block" aria-hidden>
              <span
                className="block h-full bg-red-600"
                style={{ width: `${data.totals.failed > 0 ? (r.messages / data.totals.failed) * 100 : 0}%` }}
              />
            </span>
            {percent(r.messages, data.totals.failed, locale)}
          </span>
        ),
      },
    ],
    [t, locale, href, data.totals.failed],
  );
  return (
    <Section title={t("reasons.title")} testId="reasons">
      <DataTable
        caption={t("reasons.title")}
        hideCaption
        columns={columns}
        rows={data.reasons}
        rowKey={(r) => `${r.state}/${r.code}`}
        emptyText={t("reasons.empty")}
      />
    </Section>
  );
}

function Breakdown({
  data,
  href,
  narrow,
}: {
  data: TDeliveryAnalytics;
  href: Href;
  narrow: (key: Narrowing, value: string) => void;
}) {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const by = data.by;
  const keyParam: Narrowing = by === "campaign" ? "campaign_id" : by;
  const nameOf = (g: Group) => (by === "operator" && g.key === OPERATOR_NONE ? t("operatorNone") : g.name);
  const columns: DataTableColumn<Group, string>[] = [
    {
      title: t(`groups.name.${by}`),
      key: "name",
      card: "title",
      cell: (g) => (
        <button
          type="button"
          className={`${linkClass} text-start`}
          onClick={() => narrow(keyParam, g.key)}
          aria-label={t("groups.narrow", { name: nameOf(g) })}
        >
          {nameOf(g)}
        </button>
      ),
    },
    {
      title: t("figures.messages"),
      key: "messages",
      class: "text-end tabular-nums",
      cell: (g) => (
        <Link className={linkClass} to={href({ [keyParam]: g.key })}>
          {formatNumber(g.messages)}
        </Link>
      ),
    },
    {
      title: t("figures.deliveryRate"),
      key: "delivered",
      class: "text-end tabular-nums",
      cell: (g) => (
        <Link className={linkClass} to={href({ [keyParam]: g.key, status: "delivered" })}>
          {percent(g.delivered, g.messages, locale)}
        </Link>
      ),
    },
    {
      title: t("figures.failed"),
      key: "failed",
      class: "text-end tabular-nums",
      cell: (g) => (
        <Link className={linkClass} to={href({ [keyParam]: g.key, status: "failed" })}>
          {formatNumber(g.failed)}
        </Link>
      ),
    },
    {
      title: t("groups.topReason"),
      key: "top_reason",
      cell: (g) =>
        g.top_reason ? (
          <Link
            className={linkClass}
            to={href({ [keyParam]: g.key, status: "failed", reason: g.top_reason })}
          >
            {reasonLabel(g.top_reason, locale)}
          </Link>
        ) : (
          "—"
        ),
    },
  ];
  return (
    <Section title={t(`groups.title.${by}`)} testId="breakdown">
      <DataTable
        caption={t(`groups.title.${by}`)}
        hideCaption
        columns={columns}
        rows={data.groups}
        rowKey={(g) => g.key}
        emptyText={t("empty")}
      />
      {data.group_count > data.groups.length ? (
        <p className="mt-2 text-sm text-gray-600">
          {t("groups.more", { shown: data.groups.length, total: formatNumber(data.group_count) })}
        </p>
      ) : null}
    </Section>
  );
}
