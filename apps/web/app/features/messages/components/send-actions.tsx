import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";

export interface SendActionsProps {
  /** A scheduled or recurring send rather than one now. */
  scheduling: boolean;
  recipients: number;
  credits: number;
  /** A file's invalid rows the send skips (the spec's "skip and send"), or 0. */
  skipped?: number;
  disabled: boolean;
  pending: boolean;
  onSend: () => void;
  onBack: () => void;
  testIds: { send: string; back: string };
}

/**
 * The review's buttons, shared by the campaign and file forms: one Send button that names what it
 * does ("ส่ง 120 ข้อความ · 240 เครดิต") is the only confirmation, after a full review page (D33);
 * Back returns to the form with everything kept.
 */
export function SendActions({
  scheduling,
  recipients,
  credits,
  skipped = 0,
  disabled,
  pending,
  onSend,
  onBack,
  testIds,
}: SendActionsProps) {
  const { t } = useTranslation("campaigns");
  const figures = {
    count: recipients,
    recipients: recipients.toLocaleString(),
    credits: credits.toLocaleString(),
    skipped: skipped.toLocaleString(),
  };
  const label = scheduling
    ? t("preview.scheduleNow", figures)
    : skipped > 0
      ? t("preview.skipAndSendNow", figures)
      : t("preview.sendNow", figures);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-3">
        <Button onClick={onSend} isLoading={pending} disabled={disabled} data-testid={testIds.send}>
          {label}
        </Button>
        <Button variant="light-gray" disabled={pending} onClick={onBack} data-testid={testIds.back}>
          {t("preview.back")}
        </Button>
      </div>
      <p className="text-sm text-gray-600">
        {scheduling ? t("preview.scheduleFinal") : t("preview.sendFinal")}
      </p>
    </div>
  );
}
