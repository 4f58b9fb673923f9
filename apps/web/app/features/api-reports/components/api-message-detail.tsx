import type { TWebhookDelivery } from "@sms/domain/contracts/webhooks";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { messageDeliveryEntry } from "@sms/domain/rules/message-status";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { PlainTable } from "~/components/table";
import { MessageStatusChip } from "~/features/messages";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useApiMessage, useResendWebhook, useWebhookDeliveries } from "../api/api-message";
import { messageStatusLabel, scheduledAhead } from "../lib/status";
import { BackLink, DetailProblem, DetailSkeleton, Facts } from "./detail-parts";

const DELIVERY_TONE: Record<TWebhookDelivery["status"], string> = {
  pending: "bg-yellow-100 text-yellow-900",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

/**
 * /reports/sms-api/{id} (spec §2; issue 14 point 5): one message sent through the public API, and
 * the delivery webhooks its status changes sent to its callback_url, each with its attempt log and
 * a Resend after a confirmation.
 */
export function ApiMessageDetail({ id }: { id: number }) {
  const { t } = useTranslation("api-reports");
  const back = (
    <>
      <BackLink to="/reports/sms-api" label={t("detail.backApi")} />
      <h1 className="text-2xl font-bold text-gray-900">
        {Number.isSafeInteger(id) ? t("detail.apiTitle", { id }) : t("detail.apiTitleUnknown")}
      </h1>
    </>
  );
  if (!Number.isSafeInteger(id) || id < 1)
    return (
      <div className="space-y-4">
        {back}
        <DetailProblem error={null} notFound={t("detail.apiNotFound")} onRetry={() => {}} />
      </div>
    );
  return <ApiMessageOf id={id} back={back} />;
}

function ApiMessageOf({ id, back }: { id: number; back: ReactNode }) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const message = useApiMessage(id);
  const deliveries = useWebhookDeliveries(id, message.isSuccess);

  if (message.isError)
    return (
      <div className="space-y-4">
        {back}
        <DetailProblem
          error={message.error}
          notFound={t("detail.apiNotFound")}
          onRetry={() => void message.refetch()}
        />
      </div>
    );
  const m = message.data;
  const when = (value: string | null) => (value ? formatDateTime(new Date(value), locale) : "–");
  const reason = m && m.status === "failed" ? messageDeliveryEntry(m.state, m.code).label[locale] : null;
  const scheduled = m ? scheduledAhead(m) : null;

  return (
    <div className="min-w-0 space-y-6">
      {back}
      {m ? (
        <Facts
          rows={[
            [t("detail.recipient"), toLocalPhone(m.recipient), "detail-recipient"],
            [t("detail.sender"), m.sender],
            [
              t("detail.status"),
              <span key="status" className="flex flex-wrap items-center gap-2">
                <MessageStatusChip status={m.status} />
                {reason && reason !== messageStatusLabel(m.status, locale) ? (
                  <span className="text-xs text-gray-600">{reason}</span>
                ) : null}
                {scheduled ? (
                  <span className="text-xs text-gray-600" data-testid="detail-scheduled">
                    {t("messages.scheduledFor", { when: formatDateTime(scheduled, locale) })}
                  </span>
                ) : null}
                <span className="text-xs text-gray-500">
                  {t("detail.pair", { state: m.state, code: m.code ?? "–" })}
                </span>
              </span>,
            ],
            [
              t("detail.text"),
              <span key="text" className="whitespace-pre-wrap">
                {m.text}
              </span>,
              "detail-text",
            ],
            [t("detail.credits"), formatNumber(m.credits)],
            [t("detail.tag"), m.tag],
            [
              t("detail.callbackUrl"),
              m.callback_url ? (
                <code key="url" className="break-all">
                  {m.callback_url}
                </code>
              ) : (
                t("detail.noCallback")
              ),
            ],
            [t("detail.createdAt"), when(m.created_at)],
            [t("detail.submittedAt"), when(m.submitted_at)],
            [t("detail.doneAt"), when(m.done_at)],
          ]}
        />
      ) : (
        <DetailSkeleton />
      )}
      {m ? (
        <WebhookDeliveries messageId={id} query={deliveries} hasCallback={m.callback_url !== null} />
      ) : null}
    </div>
  );
}

function WebhookDeliveries({
  messageId,
  query,
  hasCallback,
}: {
  messageId: number;
  query: ReturnType<typeof useWebhookDeliveries>;
  hasCallback: boolean;
}) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const resend = useResendWebhook(messageId);
  const [confirming, setConfirming] = useState<TWebhookDelivery | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!confirming) return;
    setError(null);
    try {
      const updated = await resend.mutateAsync(confirming.id);
      toast.success(updated.status === "delivered" ? t("webhooks.resentDelivered") : t("webhooks.resent"));
      setConfirming(null);
    } catch (caught) {
      if (isApiError(caught) && caught.signedOut) return;
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <section aria-labelledby="webhooks-heading" className="min-w-0 space-y-3">
      <h2 id="webhooks-heading" className="text-lg font-semibold text-gray-900">
        {t("webhooks.title")}
      </h2>
      {query.isPending ? (
        <DetailSkeleton />
      ) : query.isError ? (
        <DetailProblem
          error={query.error}
          notFound={t("webhooks.none")}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.entities.length === 0 ? (
        <p className="text-sm text-gray-600" data-testid="webhooks-empty">
          {hasCallback ? t("webhooks.noneYet") : t("webhooks.none")}
        </p>
      ) : (
        <ul className="space-y-4">
          {query.data.entities.map((d) => (
            <li
              key={d.id}
              className="min-w-0 space-y-3 rounded-lg border border-gray-200 bg-white p-4"
              data-testid={`webhook-${d.id}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${DELIVERY_TONE[d.status]}`}
                      data-testid="webhook-status"
                      data-status={d.status}
                    >
                      {t(`webhooks.status.${d.status}`)}
                    </span>
                    <span>{t("webhooks.event", { status: messageStatusLabel(d.event, locale) })}</span>
                  </p>
                  <p className="break-all text-gray-600">
                    <code>{d.url}</code>
                  </p>
                  <p className="text-gray-600">
                    {t("webhooks.created", { at: formatDateTime(new Date(d.created_at), locale) })}
                    {d.next_attempt_at
                      ? ` · ${t("webhooks.next", { at: formatDateTime(new Date(d.next_attempt_at), locale) })}`
                      : ""}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="light-primary"
                  onClick={() => {
                    setError(null);
                    setConfirming(d);
                  }}
                  aria-label={spokenName(t("webhooks.resend"), t("webhooks.resendLabel", { id: d.id }))}
                  data-testid={`webhook-resend-${d.id}`}
                >
                  {t("webhooks.resend")}
                </Button>
              </div>
              <div className="max-w-full overflow-x-auto">
                <PlainTable
                  look="reference"
                  caption={t("webhooks.attemptsCaption", { id: d.id })}
                  columns={[
                    { label: t("webhooks.attemptTime") },
                    { label: t("webhooks.httpStatus") },
                    { label: t("webhooks.error") },
                    { label: t("webhooks.duration"), className: "text-end" },
                    { label: t("webhooks.how") },
                  ]}
                >
                  {d.attempts.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="px-3 py-2 text-gray-600">
                        {t("webhooks.noAttempts")}
                      </td>
                    </tr>
                  ) : (
                    d.attempts.map((a) => (
                      <tr key={a.id} data-testid="webhook-attempt">
                        <td className="px-3 py-2 whitespace-nowrap">
                          {formatDateTime(new Date(a.attempted_at), locale)}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                          {a.http_status === null ? t("webhooks.noAnswer") : a.http_status}
                        </td>
                        <td className="min-w-40 px-3 py-2 text-gray-700">
                          {a.error_message ?? a.error ?? "–"}
                        </td>
                        <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">
                          {t("webhooks.ms", { ms: formatNumber(a.duration_ms) })}
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          {a.manual ? t("webhooks.manual") : t("webhooks.automatic")}
                        </td>
                      </tr>
                    ))
                  )}
                </PlainTable>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={t("webhooks.confirmTitle")}
        body={confirming ? t("webhooks.confirmBody", { url: confirming.url }) : ""}
        confirmLabel={t("webhooks.confirm")}
        cancelLabel={t("webhooks.cancel")}
        variant="primary"
        confirmTestId="confirm-resend"
        isPending={resend.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
