import type { CampaignStatus } from "@sms/domain/contracts/campaigns";
import { useTranslation } from "react-i18next";
import { StatusPill } from "~/components/table";

const TONE: Record<CampaignStatus, string> = {
  queued: "bg-yellow-100 text-yellow-900",
  sending: "bg-blue-100 text-blue-900",
  paused: "bg-gray-200 text-gray-900",
  sent: "bg-green-100 text-green-900",
};

/**
 * A send's own state: waiting in the queue, being handed to the network, paused (debt collection
 * in a barred window, resuming at 08:00), or all handed over.
 */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation("campaign-reports");
  return (
    <StatusPill tone={TONE[status]} status={status} testId="campaign-status">
      {t(`campaignStatus.${status}`)}
    </StatusPill>
  );
}
