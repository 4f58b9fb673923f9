import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useLocalizedPath } from "~/lib/locale";

const LINKS = [
  { path: "/admin", label: "nav.overview", end: true },
  { path: "/admin/contact-submissions", label: "nav.contactSubmissions", end: false },
  { path: "/admin/orders", label: "nav.orders", end: false },
  { path: "/admin/senders", label: "nav.senders", end: false },
  { path: "/admin/users", label: "nav.users", end: false },
  { path: "/admin/organizations", label: "nav.organizations", end: false },
  { path: "/admin/packages", label: "nav.packages", end: false },
  { path: "/admin/settings", label: "nav.settings", end: false },
  { path: "/admin/audit", label: "nav.audit", end: false },
] as const;

export function BackofficeNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("admin");
  const lp = useLocalizedPath();
  return (
    <nav aria-label={t("nav.label")} className="h-full overflow-y-auto bg-gray-900 p-3">
      <ul className="space-y-1">
        {LINKS.map((link) => (
          <li key={link.path}>
            <NavLink
              to={lp(link.path)}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-10 items-center rounded-md px-3 text-sm focus-visible:outline-2 focus-visible:outline-secondary-400 ${
                  isActive ? "bg-white/15 font-semibold text-white" : "text-white/85 hover:bg-white/10"
                }`
              }
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
