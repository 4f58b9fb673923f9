import { routeByKey } from "@sms/domain/routes";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { dataKey } from "~/lib/i18n";
import { useLocalizedPath } from "~/lib/locale";
import { useCurrentRoute } from "~/lib/route-key";
import { type MenuItem, type MenuSection, type MenuVisibility, SIDEBAR, visibleSections } from "./menu";

/** Paths of the menu's pages; an item whose path another item's extends (/accounts, /accounts/settings) matches exactly. */
const ITEM_PATHS = SIDEBAR.flatMap((s) => s.items.map((i) => routeByKey(i.key)?.path ?? ""));
const matchesExactly = (path: string) => ITEM_PATHS.some((p) => p.startsWith(`${path}/`));

const itemClass =
  "flex min-h-10 w-full items-center rounded-md px-3 text-sm focus-visible:outline-2 focus-visible:outline-secondary-400";

function ItemLink({ item, label, onNavigate }: { item: MenuItem; label: string; onNavigate?: () => void }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  const path = routeByKey(item.key)?.path;
  if (item.disabled || !path) {
    return (
      <span
        aria-disabled="true"
        title={t("nav.disabled")}
        className={`${itemClass} cursor-not-allowed text-white/40`}
      >
        {label}
      </span>
    );
  }
  return (
    <NavLink
      to={lp(path)}
      end={item.key === "dashboard" || matchesExactly(path)}
      onClick={onNavigate}
      className={({ isActive }) =>
        `${itemClass} ${isActive ? "bg-white/15 font-semibold text-white" : "text-white/85 hover:bg-white/10"}`
      }
    >
      {label}
    </NavLink>
  );
}

function Section({
  section,
  open,
  onToggle,
  onNavigate,
}: {
  section: MenuSection;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("common");
  const panelId = useId();
  const label = t(`menu.${section.group}`);
  const [only] = section.items;
  if (section.items.length === 1 && only) {
    return (
      <li>
        <ItemLink
          item={{ ...only, disabled: only.disabled || section.disabled }}
          label={label}
          onNavigate={onNavigate}
        />
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={`${itemClass} justify-between text-white/85 hover:bg-white/10`}
      >
        {label}
        <span aria-hidden="true" className={`transition-transform ${open ? "rotate-90" : ""}`}>
          ›
        </span>
      </button>
      <ul id={panelId} hidden={!open} className="mt-1 space-y-1 pl-3">
        {section.items.map((item) => (
          <li key={item.key}>
            <ItemLink item={item} label={t(dataKey(`menuItems.${item.key}`))} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Spec §2: groups expand one at a time; disabled items are greyed and not navigable. */
export function Sidebar({
  showOrganization = false,
  can,
  onNavigate,
}: {
  showOrganization?: boolean;
  can?: MenuVisibility["can"];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("common");
  const current = useCurrentRoute();
  const [openGroup, setOpenGroup] = useState<string | undefined>(current?.group);
  return (
    <nav aria-label={t("nav.mainMenu")} className="h-full overflow-y-auto bg-primary-800 p-3">
      <ul className="space-y-1">
        {visibleSections({ showOrganization, can }).map((section) => (
          <Section
            key={section.group}
            section={section}
            open={openGroup === section.group}
            onToggle={() => setOpenGroup((g) => (g === section.group ? undefined : section.group))}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  );
}
