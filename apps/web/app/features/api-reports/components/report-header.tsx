import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useLocalizedPath } from "~/lib/locale";

/** The report's title and intro; the OTP reports add links between the messages and the requests. */
export function ReportHeader({ report }: { report: "sms-api" | "sms-otp" | "otp-requests" }) {
  const { t } = useTranslation(["api-reports", "api-logs"]);
  const lp = useLocalizedPath();
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${
      isActive ? "bg-primary-700 text-white" : "border border-gray-300 text-primary-700 hover:bg-primary-50"
    }`;
  return (
    <div className="space-y-3">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t(`${report}.title`)}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t(`${report}.intro`)}</p>
        <p className="mt-1 text-sm">
          <NavLink
            to={lp("/reports/api-logs")}
            className="font-medium text-primary-700 underline"
            data-testid="api-logs-link"
          >
            {t("links.log", { ns: "api-logs" })}
          </NavLink>
        </p>
      </div>
      {report === "sms-api" ? null : (
        <nav aria-label={t("otpNav")} className="flex flex-wrap gap-2">
          <NavLink to={lp("/reports/sms-otp")} end className={link}>
            {t("sms-otp.tab")}
          </NavLink>
          <NavLink to={lp("/reports/sms-otp/headers")} end className={link}>
            {t("otp-requests.tab")}
          </NavLink>
        </nav>
      )}
    </div>
  );
}
