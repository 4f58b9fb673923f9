import { useTranslation } from "react-i18next";
import { dataKey } from "~/lib/i18n";
import { useCurrentRoute } from "~/lib/route-key";

/** Spec §2 top bar: group > page. */
export function Breadcrumb() {
  const { t } = useTranslation("common");
  const route = useCurrentRoute();
  if (!route) return null;
  const page = t(dataKey(`pages.${route.key}`));
  const group = route.group ? t(dataKey(`menu.${route.group}`)) : undefined;
  return (
    <nav aria-label={t("nav.breadcrumb")} className="min-w-0 truncate text-sm text-gray-600">
      <ol className="flex items-center gap-2">
        {group && group.toLowerCase() !== page.toLowerCase() && (
          // On a phone the page alone fits beside the language and credit buttons.
          <li className="hidden items-center gap-2 sm:flex">
            {group}
            <span aria-hidden="true">›</span>
          </li>
        )}
        <li aria-current="page" className="truncate font-semibold text-gray-900">
          {page}
        </li>
      </ol>
    </nav>
  );
}
