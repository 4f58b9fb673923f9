import { Header, MenuItem, MenuSection, Separator } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { useMyOrganizations } from "../api/list-organizations";
import { useSwitchOrganization } from "../api/switch-organization";
import { switchTargets } from "../lib/free-trial";

const itemClass =
  "flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-gray-800 outline-none data-[focused]:bg-primary-50 data-[focused]:text-primary-800 data-[disabled]:cursor-default data-[disabled]:text-gray-400";

/**
 * The user dropdown's organization part (spec §2 top bar, §4 switch): "Organizations" for those who
 * may see them, then the other organizations to switch to. Picking one switches and reloads.
 */
export function OrganizationMenuItems({ reload }: { reload?: () => void }) {
  const { t } = useTranslation("organizations");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const organizations = useMyOrganizations();
  const switcher = useSwitchOrganization(reload);
  const all = organizations.data ?? [];
  const targets = switchTargets(all);
  // The dropdown always offers the organizations page (issue 10: account, organizations, logout).
  const showList = all.length > 0;

  const pick = (id: number) => {
    switcher.mutate(id, {
      onError: (error) => {
        if (!isApiError(error) || !error.signedOut) toast.error(error.message || t("errors.general"));
      },
    });
  };

  return (
    <>
      {showList ? (
        <MenuItem id="organizations" className={itemClass} onAction={() => navigate(lp("/organizations"))}>
          {t("menu.organizations")}
        </MenuItem>
      ) : null}
      {targets.length > 0 ? (
        <>
          <Separator className="my-1 border-t border-gray-200" />
          <MenuSection aria-label={t("menu.switchTo")} data-testid="organization-switch-list">
            <Header className="px-3 pt-1 pb-1 text-xs font-semibold text-gray-500">
              {t("menu.switchTo")}
            </Header>
            {targets.map((o) => (
              <MenuItem
                key={o.id}
                id={`organization-${o.id}`}
                textValue={o.name}
                className={itemClass}
                isDisabled={switcher.isPending}
                onAction={() => pick(o.id)}
              >
                <span className="truncate">{o.name}</span>
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className="my-1 border-t border-gray-200" />
        </>
      ) : null}
    </>
  );
}
