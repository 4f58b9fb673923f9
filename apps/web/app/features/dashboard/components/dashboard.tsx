import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_STEPS,
  type TDashboard,
  type TDashboardMessages,
} from "@sms/domain/contracts/dashboard";
import { USER_ROLE } from "@sms/domain/roles";
import { formatDate, formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClassName } from "~/components/form";
import { PlainTable, ReportFilters } from "~/components/table";
import { useCurrentUser } from "~/features/account";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useDashboard } from "../api/get-dashboard";

// The chart is its own chunk, fetched once the figures are on screen.
const MessagesChart = lazy(() => import("./messages-chart"));

const dayDate = (day: string) => new Date(`${day}T12:00:00+07:00`);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-gray-200 bg-white p-4" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd
        className="mt-1 text-xl font-semibold break-words tabular-nums text-gray-900 sm:text-2xl"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * /dashboard (spec §2, §3 dashboard figures; issue 15 point 1): the balance and its expiry (Buddhist
 * era in Thai), the chosen period's figures, messages per day by status, the split by message type,
 * the latest campaigns and, until every step is done, the getting-started checklist. The period is
 * in the URL (`start`, `end`), like every report's.
 */
export function Dashboard() {
  const { t } = useTranslation("dashboard");
  const [params, setParams] = useSearchParams();
  const start = params.get("start") ?? undefined;
  const end = params.get("end") ?? undefined;
  const query = start && end ? { start, end } : {};
  const dashboard = useDashboard(query);
  // Staff are not customers: no getting-started checklist for them (issue 24 D8).
  const staff = useCurrentUser().role === USER_ROLE.admin;

  // Without a chosen period the picker shows the one the figures are for (review D7); it mounts
  // again once that period is known, so its draft starts from it.
  const defaultPeriod = start && end ? undefined : dashboard.data?.period;
  const filters = (
    <ReportFilters
      key={defaultPeriod ? `${defaultPeriod.start}/${defaultPeriod.end}` : "chosen"}
      values={start && end ? { start, end } : {}}
      defaultPeriod={defaultPeriod}
      maxSpanDays={DASHBOARD_MAX_DAYS}
      onApply={(v) => {
        const next = new URLSearchParams(params);
        for (const key of ["start", "end"] as const) {
          const value = v[key];
          if (value) next.set(key, value);
          else next.delete(key);
        }
        setParams(next, { replace: false });
      }}
    />
  );

  if (dashboard.isPending) {
    return (
      <div className="space-y-6" aria-busy="true">
        {filters}
        <p className="text-sm text-gray-600" role="status" data-testid="dashboard-loading">
          {t("loading")}
        </p>
        <div className="grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden>
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={i} className="h-24 rounded-lg bg-gray-100" />
          ))}
        </div>
      </div>
    );
  }

  if (dashboard.isError) {
    return (
      <div className="space-y-6">
        {filters}
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{t("loadFailed")}</p>
          <Button className="mt-2" size="sm" variant="light-gray" onClick={() => void dashboard.refetch()}>
            {t("retry")}
          </Button>
        </div>
      </div>
    );
  }

  const d = dashboard.data;
  return (
    <div className="space-y-6" data-testid="dashboard">
      {staff ? null : <Checklist checklist={d.checklist} />}
      {filters}
      <Figures dashboard={d} />
      {d.messages ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <Section title={t("chart.title")} testId="chart-section">
              <Suspense
                fallback={
                  <p className="h-40 text-sm text-gray-500" role="status">
                    {t("chart.loading")}
                  </p>
                }
              >
                <MessagesChart days={d.messages.days} />
              </Suspense>
            </Section>
          </div>
          <TypeBreakdown messages={d.messages} />
        </div>
      ) : null}
      <RecentCampaigns campaigns={d.recent_campaigns} />
    </div>
  );
}

/** Delivered out of every message of the period, as the campaign report counts it (review D58). */
function percent(share: number, locale: string): string {
  return `${new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-GB", { maximumFractionDigits: 1 }).format(share * 100)}%`;
}

function Figures({ dashboard: d }: { dashboard: TDashboard }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const n = (value: number) => formatNumber(value);
  const m = d.messages?.totals;
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-600" data-testid="dashboard-period">
        {t("period", {
          start: formatDate(dayDate(d.period.start), locale),
          end: formatDate(dayDate(d.period.end), locale),
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure label={t("figures.remaining")} value={n(d.credits.remaining)} testId="figure-remaining" />
        <Figure
          label={t("figures.expiry")}
          value={
            d.credits.expires_at
              ? formatDate(new Date(d.credits.expires_at), locale)
              : // No credit has no expiry to speak of: "No expiry" in bold read as a promise (review D6).
                d.credits.remaining === 0
                ? t("figures.noCredit")
                : t("figures.noExpiry")
          }
          testId="figure-expiry"
        />
        {m ? (
          <>
            <Figure label={t("figures.used")} value={n(m.used_credits)} testId="figure-used" />
            <Figure label={t("figures.sent")} value={n(m.sent)} testId="figure-sent" />
            <Figure label={t("figures.delivered")} value={n(m.delivered)} testId="figure-delivered" />
            <Figure
              label={t("figures.deliveryRate")}
              value={m.sent > 0 ? percent(m.delivered / m.sent, locale) : "—"}
              testId="figure-delivery-rate"
            />
            <Figure
              label={t("figures.deliveredToNetwork")}
              value={n(m.delivered_to_network)}
              testId="figure-network"
            />
            <Figure label={t("figures.failed")} value={n(m.failed)} testId="figure-failed" />
          </>
        ) : null}
      </dl>
      <p className="text-xs text-gray-500">{m ? t("figures.periodNote") : t("figures.ownOnly")}</p>
    </div>
  );
}

function TypeBreakdown({ messages }: { messages: TDashboardMessages }) {
  const { t } = useTranslation("dashboard");
  const total = messages.types.reduce((sum, x) => sum + x.messages, 0);
  return (
    <Section title={t("types.title")} testId="types-section">
      <PlainTable
        look="compact"
        columns={[
          { label: t("types.type"), className: "text-start" },
          { label: t("types.messages"), className: "text-end" },
          { label: t("types.credits"), className: "ps-2 text-end" },
        ]}
      >
        {messages.types.map((x) => {
          const share = total > 0 ? Math.round((x.messages / total) * 100) : 0;
          return (
            <tr key={x.type} className="border-b border-gray-100" data-testid={`type-${x.type}`}>
              <th scope="row" className="py-2 text-start font-normal">
                <span className="block">{t(`types.${x.type}`)}</span>
                <span className="mt-1 block h-1.5 w-full rounded bg-gray-100" aria-hidden>
                  <span className="block h-1.5 rounded bg-primary-500" style={{ width: `${share}%` }} />
                </span>
              </th>
              <td className="py-2 text-end tabular-nums">
                {formatNumber(x.messages)}
                <span className="block text-xs text-gray-500">
                  <span className="sr-only">{t("types.share")} </span>
                  {share}%
                </span>
              </td>
              <td className="py-2 ps-2 text-end align-top tabular-nums">{formatNumber(x.credits)}</td>
            </tr>
          );
        })}
      </PlainTable>
    </Section>
  );
}

function RecentCampaigns({ campaigns }: { campaigns: TDashboard["recent_campaigns"] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const lp = useLocalizedPath();
  return (
    <Section title={t("recent.title")} testId="recent-section">
      {campaigns.length === 0 ? (
        <div className="space-y-3" data-testid="recent-empty">
          <p className="text-sm text-gray-600">{t("recent.empty")}</p>
          <Link
            to={lp("/messages/campaigns")}
            className={buttonClassName({ variant: "light-primary", size: "sm" })}
          >
            {t("recent.sendFirst")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-gray-100">
            {campaigns.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <div className="min-w-0">
                  <Link
                    to={lp(`/reports/campaigns/${c.id}`)}
                    className="font-medium break-words text-primary-700 underline-offset-2 hover:underline"
                    data-testid="recent-campaign"
                  >
                    {c.name}
                  </Link>
                  <p className="text-xs text-gray-500">
                    {t(`recent.kind.${c.kind}`)} · {formatDateTime(new Date(c.accepted_at), locale)}
                  </p>
                </div>
                <div className="text-end text-sm text-gray-700">
                  <span className="tabular-nums">{t("recent.recipients", { count: c.recipients })}</span>
                  <span className="ms-2 inline-block rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold">
                    {t(`recent.status.${c.status}`)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <Link
            to={lp("/reports/campaigns")}
            className="mt-3 inline-block text-sm text-primary-700 underline-offset-2 hover:underline"
          >
            {t("recent.all")}
          </Link>
        </>
      )}
    </Section>
  );
}

/** Where each step is done. */
const STEP_PATHS = {
  verify: "/verifications",
  buy_credit: "/subscriptions",
  sender: "/senders/create",
  contacts: "/contacts",
  send: "/messages/campaigns",
} as const satisfies Record<(typeof DASHBOARD_STEPS)[number], string>;

/** Shown until every step is done: what a new organization does first, each step linking to its page. */
function Checklist({ checklist }: { checklist: TDashboard["checklist"] }) {
  const { t } = useTranslation("dashboard");
  const lp = useLocalizedPath();
  const done = DASHBOARD_STEPS.filter((s) => checklist[s]).length;
  if (done === DASHBOARD_STEPS.length) return null;
  return (
    <Section title={t("checklist.title")} testId="checklist">
      <p className="-mt-2 mb-3 text-sm text-gray-600">
        {t("checklist.progress", { done, total: DASHBOARD_STEPS.length })}
      </p>
      <ol className="space-y-2">
        {DASHBOARD_STEPS.map((step) => {
          const isDone = checklist[step];
          return (
            <li
              key={step}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid={`step-${step}`}
              data-done={isDone}
            >
              <span className="flex items-center gap-2 text-sm">
                <span
                  aria-hidden
                  className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                    isDone ? "bg-green-600 text-white" : "border border-gray-300 text-transparent"
                  }`}
                >
                  ✓
                </span>
                <span className={isDone ? "text-gray-500 line-through" : "text-gray-900"}>
                  {t(`checklist.${step}`)}
                </span>
                <span className="sr-only">({isDone ? t("checklist.done") : t("checklist.todo")})</span>
              </span>
              {isDone ? null : (
                <Link
                  to={lp(STEP_PATHS[step])}
                  className={buttonClassName({ variant: "light-primary", size: "sm" })}
                >
                  {t(`checklist.${step}Action`)}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
