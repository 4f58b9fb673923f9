import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useCurrentUser } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";
import { useAdminSummary } from "../api/get-summary";
import { BACKOFFICE_SECTIONS } from "../lib/sections";
import { ADMIN_ROLE } from "./admin-only";

const LINKS = [
  { path: "/admin", label: "nav.overview" as const, count: null, badge: null },
  ...BACKOFFICE_SECTIONS,
];

const linkClass =
  "flex min-h-10 items-center justify-between gap-2 rounded-md px-3 text-sm focus-visible:outline-2 focus-visible:outline-secondary-400";

/** The back office's menu; pages with waiting work carry its count (issue 24 D18). */
export function BackofficeNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("admin");
  const lp = useLocalizedPath();
  // Only staff ask for the counts: the server answers anyone else 404 (a customer on an /admin
  // address sees the layout's refusal beside this menu).
  const summary = useAdminSummary(useCurrentUser().role === ADMIN_ROLE);
  return (
    <nav aria-label={t("nav.label")} className="h-full overflow-y-auto bg-gray-900 p-3">
      <ul className="space-y-1">
        {LINKS.map((link) => {
          const count = link.count && summary.data ? summary.data[link.count] : 0;
          return (
            <li key={link.path}>
              <NavLink
                to={lp(link.path)}
                end={link.path === "/admin"}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `${linkClass} ${isActive ? "bg-white/15 font-semibold text-white" : "text-white/85 hover:bg-white/10"}`
                }
              >
                {t(link.label)}
                {count > 0 && link.badge ? (
                  <span
                    className="min-w-6 rounded-full bg-secondary-400 px-1.5 text-center text-xs font-semibold text-gray-900"
                    data-testid={`nav-count-${link.count}`}
                  >
                    {formatNumber(count)}
                    <span className="sr-only">
                      {" "}
                      {t(link.badge, { count, formatted: formatNumber(count) })}
                    </span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
