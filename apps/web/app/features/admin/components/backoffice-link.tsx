import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useCurrentUser } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";
import { useAdminSummary } from "../api/get-summary";
import { waitingTotal } from "../lib/sections";
import { ADMIN_ROLE } from "./admin-only";

/**
 * The customer menu's way back to the back office, for staff only (issue 24 D8), with how much
 * waits there. Nobody else sees it or asks the server for the counts.
 */
export function BackofficeLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("admin");
  const lp = useLocalizedPath();
  const { role } = useCurrentUser();
  const staff = role === ADMIN_ROLE;
  const summary = useAdminSummary(staff);
  if (!staff) return null;
  const waiting = waitingTotal(summary.data);
  return (
    <div className="border-t border-white/15 p-3">
      <NavLink
        to={lp("/admin")}
        onClick={onNavigate}
        data-testid="backoffice-link"
        className="flex min-h-10 items-center justify-between gap-2 rounded-md bg-white/10 px-3 text-sm font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-secondary-400"
      >
        {t("overview.title")}
        {waiting > 0 ? (
          <span className="min-w-6 rounded-full bg-secondary-400 px-1.5 text-center text-xs font-semibold text-gray-900">
            {formatNumber(waiting)}
            <span className="sr-only"> {t("overview.waitingTotal", { count: waiting })}</span>
          </span>
        ) : null}
      </NavLink>
    </div>
  );
}
