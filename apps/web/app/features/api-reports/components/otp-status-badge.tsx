import type { OtpRequestStatus } from "@sms/domain/contracts/api-otp";
import { useTranslation } from "react-i18next";
import { StatusPill } from "~/components/table";

const TONE: Record<OtpRequestStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  verified: "bg-green-100 text-green-900",
  expired: "bg-gray-200 text-gray-800",
  failed: "bg-red-100 text-red-900",
  resent: "bg-blue-100 text-blue-900",
};

/**
 * An OTP request's state: waiting for its code, verified, expired, failed (too many wrong codes) or
 * resent (a later send under the same token took its place).
 */
export function OtpStatusBadge({ status }: { status: OtpRequestStatus }) {
  const { t } = useTranslation("api-reports");
  return (
    <StatusPill tone={TONE[status]} status={status} testId="otp-status">
      {t(`otpStatus.${status}`)}
    </StatusPill>
  );
}
