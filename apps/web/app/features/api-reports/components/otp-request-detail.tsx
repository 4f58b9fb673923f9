import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { messageDeliveryEntry } from "@sms/domain/rules/message-status";
import { toLocalPhone } from "@sms/domain/rules/phone";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MessageStatusChip } from "~/features/messages";
import { useLocale } from "~/lib/locale";
import { useOtpRequest } from "../api/otp-requests";
import { BackLink, DetailProblem, DetailSkeleton, Facts } from "./detail-parts";
import { OtpStatusBadge } from "./otp-status-badge";

/**
 * /reports/sms-otp/{id}: one code requested through the OTP API (never its pin, token or text),
 * with the delivery status of the SMS that carried it.
 */
export function OtpRequestDetail({ id }: { id: number }) {
  const { t } = useTranslation("api-reports");
  const back = (
    <>
      <BackLink to="/reports/sms-otp/headers" label={t("detail.backOtp")} />
      <h1 className="text-2xl font-bold text-gray-900">{t("detail.otpTitleLoading")}</h1>
    </>
  );
  if (!Number.isSafeInteger(id) || id < 1)
    return (
      <div className="space-y-4">
        {back}
        <DetailProblem error={null} notFound={t("detail.otpNotFound")} onRetry={() => {}} />
      </div>
    );
  return <OtpRequestOf id={id} back={back} />;
}

function OtpRequestOf({ id, back }: { id: number; back: ReactNode }) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const query = useOtpRequest(id);
  if (query.isError)
    return (
      <div className="space-y-4">
        {back}
        <DetailProblem
          error={query.error}
          notFound={t("detail.otpNotFound")}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  const r = query.data;
  const when = (value: string | null) => (value ? formatDateTime(new Date(value), locale) : "–");
  const sms = r?.message ?? null;
  const reason =
    sms && sms.status === "failed" && sms.state !== null
      ? messageDeliveryEntry(sms.state, sms.code).label[locale]
      : null;

  return (
    <div className="min-w-0 space-y-6">
      <BackLink to="/reports/sms-otp/headers" label={t("detail.backOtp")} />
      <h1 className="text-2xl font-bold text-gray-900">
        {r ? t("detail.otpTitle", { refno: r.refno }) : t("detail.otpTitleLoading")}
      </h1>
      {r ? (
        <>
          <Facts
            rows={[
              [t("detail.recipient"), toLocalPhone(r.msisdn), "detail-recipient"],
              [t("otp-requests.refno"), <code key="refno">{r.refno}</code>],
              [t("otp-requests.status"), <OtpStatusBadge key="status" status={r.status} />],
              [t("otp-requests.attempts"), formatNumber(r.attempts)],
              [t("otp-requests.credits"), formatNumber(r.credits)],
              [t("detail.createdAt"), when(r.created_at)],
              [t("detail.expiresAt"), when(r.expires_at)],
              [t("detail.verifiedAt"), when(r.verified_at)],
            ]}
          />
          <section aria-labelledby="otp-sms-heading" className="space-y-3">
            <h2 id="otp-sms-heading" className="text-lg font-semibold text-gray-900">
              {t("detail.smsTitle")}
            </h2>
            {sms ? (
              <Facts
                rows={[
                  [
                    t("detail.status"),
                    <span key="status" className="flex flex-wrap items-center gap-2">
                      <MessageStatusChip status={sms.status} />
                      {reason ? <span className="text-xs text-gray-600">{reason}</span> : null}
                      {sms.state !== null ? (
                        <span className="text-xs text-gray-500">
                          {t("detail.pair", { state: sms.state, code: sms.code ?? "–" })}
                        </span>
                      ) : null}
                    </span>,
                    "otp-sms-status",
                  ],
                  [t("detail.sender"), sms.sender],
                  [t("detail.submittedAt"), when(sms.submitted_at)],
                  [t("detail.doneAt"), when(sms.done_at)],
                ]}
              />
            ) : (
              <p className="text-sm text-gray-600" data-testid="otp-no-sms">
                {t("detail.noSms")}
              </p>
            )}
          </section>
        </>
      ) : (
        <DetailSkeleton />
      )}
    </div>
  );
}
