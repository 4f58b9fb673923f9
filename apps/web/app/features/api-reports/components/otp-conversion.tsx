import type { TOtpConversion, TOtpConversionCounts } from "@sms/domain/contracts/otp-guard";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { ExportButtons, PlainTable } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useOtpConversion, useReleaseOtpHold } from "../api/otp-conversion";
import { durationOf, percentOf } from "../lib/conversion";

const OtpConversionChart = lazy(() => import("./otp-conversion-chart"));

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-gray-200 bg-white p-4" data-testid={testId}>
      <h3 className="mb-3 text-lg font-semibold text-gray-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The OTP report's conversion insight (issue 28 point 3, ADR 99): over the list's period, the codes
 * requested, verified, expired, failed and blocked, the conversion per day (a chart loaded on
 * demand, with its table) and per sender, the median time to verify, and what the fraud guard
 * refused or holds (ADR 98). Exportable by day and sender.
 */
export function OtpConversion({ start, end }: { start?: string | undefined; end?: string | undefined }) {
  const { t } = useTranslation("api-reports");
  const [sender, setSender] = useState<string | undefined>(undefined);
  const period: Record<string, string> = start && end ? { start, end } : {};
  const query = useOtpConversion({ ...period, ...(sender ? { sender } : {}) });
  const exportQuery = new URLSearchParams({ ...period, ...(sender ? { sender } : {}) }).toString();

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-xl font-semibold text-gray-900" id="otp-conversion-title">
        {t("conversion.title")}
      </h2>
      <ExportButtons
        path="/c/otp-requests/conversion/export"
        query={exportQuery}
        fileName="otp-conversion"
        labels={{
          csv: t("conversion.export.csv"),
          xlsx: t("conversion.export.xlsx"),
          failed: t("conversion.export.failed"),
        }}
      />
    </div>
  );
  const narrowed = sender ? (
    <p
      className="inline-flex items-center gap-1 rounded-full bg-gray-100 ps-3 text-sm"
      data-testid="otp-conversion-sender"
    >
      {t("conversion.narrowed", { sender })}
      <button
        type="button"
        className="rounded-full px-2 py-1 text-gray-600 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary-700"
        aria-label={t("conversion.allSenders")}
        onClick={() => setSender(undefined)}
      >
        ×
      </button>
    </p>
  ) : null;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div aria-busy="true">
        <p className="text-sm text-gray-600" role="status" data-testid="otp-conversion-loading">
          {t("conversion.loading")}
        </p>
        <div className="mt-2 grid animate-pulse grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={i} className="h-20 rounded-lg bg-gray-100" />
          ))}
        </div>
      </div>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{query.error.message || t("conversion.loadFailed")}</p>
        <Button className="mt-2" size="sm" variant="light-gray" onClick={() => void query.refetch()}>
          {t("detail.retry")}
        </Button>
      </div>
    );
  } else {
    const d = query.data;
    const empty = d.totals.requests === 0 && d.totals.blocked === 0;
    body = (
      <div className="space-y-4">
        <Figures totals={d.totals} />
        <Guard data={d} />
        {empty ? (
          <p className="rounded-md bg-gray-50 p-4 text-sm text-gray-600" data-testid="otp-conversion-empty">
            {t("conversion.empty")}
          </p>
        ) : (
          <>
            <Section title={t("conversion.chart.title")} testId="otp-conversion-chart-section">
              <Suspense
                fallback={
                  <p className="h-40 text-sm text-gray-500" role="status">
                    {t("conversion.chart.loading")}
                  </p>
                }
              >
                <OtpConversionChart days={d.days} />
              </Suspense>
            </Section>
            <Senders data={d} selected={sender} onSelect={setSender} />
          </>
        )}
      </div>
    );
  }

  return (
    <section className="space-y-3" aria-labelledby="otp-conversion-title" data-testid="otp-conversion">
      {header}
      {narrowed}
      {body}
    </section>
  );
}

function Figures({ totals }: { totals: TOtpConversionCounts }) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const units = { s: t("conversion.seconds"), min: t("conversion.minutes") };
  const figure = (label: string, value: string, testId: string, note?: string) => (
    <div className="min-w-0 rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-gray-900 sm:text-2xl" data-testid={testId}>
        {value}
        {note ? <span className="ms-2 text-base font-normal text-gray-600">{note}</span> : null}
      </dd>
    </div>
  );
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {figure(t("conversion.requests"), formatNumber(totals.requests), "figure-requests")}
      {figure(
        t("conversion.verified"),
        formatNumber(totals.verified),
        "figure-verified",
        percentOf(totals.conversion, locale),
      )}
      {figure(t("conversion.expired"), formatNumber(totals.expired), "figure-expired")}
      {figure(t("conversion.failed"), formatNumber(totals.failed), "figure-failed")}
      {figure(t("conversion.pending"), formatNumber(totals.pending), "figure-pending")}
      {figure(t("conversion.blocked"), formatNumber(totals.blocked), "figure-blocked")}
      {figure(t("conversion.rate"), percentOf(totals.conversion, locale), "figure-conversion")}
      {figure(t("conversion.timeToVerify"), durationOf(totals.median_verify_seconds, units), "figure-time")}
    </dl>
  );
}

function Senders({
  data,
  selected,
  onSelect,
}: {
  data: TOtpConversion;
  selected: string | undefined;
  onSelect: (sender: string) => void;
}) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const units = { s: t("conversion.seconds"), min: t("conversion.minutes") };
  return (
    <Section title={t("conversion.senders.title")} testId="otp-conversion-senders">
      <div className="overflow-x-auto">
        <PlainTable
          look="compact"
          caption={t("conversion.senders.title")}
          columns={[
            { label: t("conversion.sender"), className: "pe-3 text-start" },
            { label: t("conversion.requests"), className: "px-2 text-end" },
            { label: t("conversion.rate"), className: "px-2 text-end" },
            { label: t("conversion.timeToVerify"), className: "px-2 text-end" },
            { label: t("conversion.blocked"), className: "ps-2 text-end" },
          ]}
        >
          {data.senders.map((s) => (
            <tr key={s.sender} className="border-b border-gray-100">
              <th scope="row" className="py-1 pe-3 text-start font-normal">
                {selected === s.sender ? (
                  <span className="font-medium">{s.sender || t("conversion.noSender")}</span>
                ) : (
                  <button
                    type="button"
                    className="min-h-8 text-primary-700 underline underline-offset-2"
                    aria-label={t("conversion.senders.narrow", {
                      sender: s.sender || t("conversion.noSender"),
                    })}
                    onClick={() => onSelect(s.sender)}
                    data-testid="otp-conversion-sender-button"
                  >
                    {s.sender || t("conversion.noSender")}
                  </button>
                )}
              </th>
              <td className="px-2 py-1 text-end tabular-nums">{formatNumber(s.requests)}</td>
              <td className="px-2 py-1 text-end tabular-nums">{percentOf(s.conversion, locale)}</td>
              <td className="px-2 py-1 text-end tabular-nums whitespace-nowrap">
                {durationOf(s.median_verify_seconds, units)}
              </td>
              <td className="ps-2 py-1 text-end tabular-nums">{formatNumber(s.blocked)}</td>
            </tr>
          ))}
        </PlainTable>
      </div>
    </Section>
  );
}

/** A held range as people write numbers: 6681234 → 081234. */
const shownPrefix = (prefix: string) => toLocalPhone(`${prefix}0000`).slice(0, -4);

function Guard({ data }: { data: TOtpConversion }) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const release = useReleaseOtpHold();
  const onRelease = async (prefix: string, shown: string) => {
    try {
      await release.mutateAsync(prefix);
      toast.success(t("conversion.guard.released", { prefix: shown }));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("conversion.guard.releaseFailed"));
    }
  };
  if (data.holds.length === 0 && data.recent_blocks.length === 0) return null;
  return (
    <Section title={t("conversion.guard.title")} testId="otp-conversion-guard">
      <div className="space-y-3 text-sm">
        {data.holds.length > 0 ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <p className="font-medium">{t("conversion.guard.holdsTitle")}</p>
            <ul className="mt-1 list-disc space-y-1 ps-5" data-testid="otp-conversion-holds">
              {data.holds.map((hold) => (
                <li key={hold.prefix} className="space-y-1">
                  <p>
                    {t("conversion.guard.hold", {
                      prefix: shownPrefix(hold.prefix),
                      requests: formatNumber(hold.requests),
                      verified: formatNumber(hold.verified),
                      baseline: percentOf(hold.baseline, locale),
                      until: formatDateTime(new Date(hold.held_until), locale),
                    })}
                  </p>
                  <Button
                    size="sm"
                    variant="light-gray"
                    isLoading={release.isPending && release.variables === hold.prefix}
                    onClick={() => void onRelease(hold.prefix, shownPrefix(hold.prefix))}
                    data-testid="otp-hold-release"
                  >
                    {t("conversion.guard.release", { prefix: shownPrefix(hold.prefix) })}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {data.blocked_reasons.length > 0 ? (
          <p data-testid="otp-conversion-reasons">
            {data.blocked_reasons
              .map((r) =>
                t("conversion.guard.reasonCount", {
                  reason: t(`conversion.reason.${r.reason}`),
                  count: r.requests,
                  formatted: formatNumber(r.requests),
                }),
              )
              .join(" · ")}
          </p>
        ) : null}
        {data.recent_blocks.length > 0 ? (
          <div className="overflow-x-auto">
            <PlainTable
              look="compact"
              caption={t("conversion.guard.recent")}
              captionClassName="mb-1 text-start font-medium text-gray-900"
              testId="otp-conversion-blocks"
              columns={[
                { label: t("conversion.guard.time"), className: "pe-3 text-start" },
                { label: t("otp-requests.number"), className: "px-2 text-start" },
                { label: t("conversion.guard.reason"), className: "ps-2 text-start" },
              ]}
            >
              {data.recent_blocks.map((block) => (
                <tr key={block.id} className="border-b border-gray-100">
                  <td className="py-1 pe-3 whitespace-nowrap">
                    {formatDateTime(new Date(block.created_at), locale)}
                  </td>
                  <td className="px-2 py-1 tabular-nums whitespace-nowrap">{toLocalPhone(block.msisdn)}</td>
                  <td className="ps-2 py-1">{t(`conversion.reason.${block.reason}`)}</td>
                </tr>
              ))}
            </PlainTable>
          </div>
        ) : null}
      </div>
    </Section>
  );
}
