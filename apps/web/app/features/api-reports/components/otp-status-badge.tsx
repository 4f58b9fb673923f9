import type { OtpRequestStatus } from "@sms/domain/contracts/api-otp";
import { useTranslation } from "react-i18next";

const TONE: Record<OtpRequestStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  verified: "bg-green-100 text-green-900",
  expired: "bg-gray-200 text-gray-800",
  failed: "bg-red-100 text-red-900",
};

/** An OTP request's state: waiting for its code, verified, expired or failed (too many wrong codes). */
export function OtpStatusBadge({ status }: { status: OtpRequestStatus }) {
  const { t } = useTranslation("api-reports");
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}
      data-testid="otp-status"
      data-status={status}
    >
      {t(`otpStatus.${status}`)}
    </span>
  );
}
