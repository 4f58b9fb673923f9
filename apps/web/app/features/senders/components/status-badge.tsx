import type { SenderStatus } from "@sms/domain/contracts/senders";
import { useTranslation } from "react-i18next";
import { StatusPill } from "~/components/table";

const TONE: Record<SenderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  blocked: "bg-red-100 text-red-900",
  cancelled: "bg-gray-200 text-gray-800",
};

/** Spec §4: pending, then approved or blocked by staff; cancelled after a year without use. */
export function SenderStatusBadge({ status }: { status: SenderStatus }) {
  const { t } = useTranslation("senders");
  return (
    <StatusPill tone={TONE[status]} status={status} testId="sender-status">
      {t(`status.${status}`)}
    </StatusPill>
  );
}

/** The shared default sender is every organization's: it is marked so nobody mistakes it for their own request. */
export function SharedBadge() {
  const { t } = useTranslation("senders");
  return (
    <span
      className="inline-block w-fit rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
      title={t("list.sharedHint")}
      data-testid="shared-badge"
    >
      {t("list.shared")}
    </span>
  );
}
