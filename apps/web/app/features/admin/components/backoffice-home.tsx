import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";
import { useAdminSummary } from "../api/get-summary";
import { BACKOFFICE_SECTIONS } from "../lib/sections";
import { ADMIN_ROLE } from "./admin-only";

/** The back office's home: a card per page, those with waiting work first showing how much. */
export function BackofficeHome() {
  const { t } = useTranslation("admin");
  const lp = useLocalizedPath();
  // Only staff ask for the counts: the server answers anyone else 404.
  const summary = useAdminSummary(useCurrentUser().role === ADMIN_ROLE);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={summary.isPending}>
      {BACKOFFICE_SECTIONS.map((section) => {
        const count = section.count && summary.data ? summary.data[section.count] : null;
        return (
          <li key={section.path} className="flex flex-col rounded-lg border border-gray-200 bg-white p-4">
            <h2 className="font-semibold">
              <Link to={lp(section.path)} className="text-primary-700 underline underline-offset-2">
                {t(section.label)}
              </Link>
            </h2>
            {section.badge ? (
              <p
                className={`mt-1 text-sm ${count ? "font-semibold text-primary-800" : "text-gray-600"}`}
                data-testid={`home-count-${section.count}`}
              >
                {count === null
                  ? t("common.loading")
                  : count === 0
                    ? t("overview.nothingWaiting")
                    : t(section.badge, { count, formatted: formatNumber(count) })}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
