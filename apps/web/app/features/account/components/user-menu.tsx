import { USER_ROLE } from "@sms/domain/roles";
import { splitLocale } from "@sms/domain/routes";
import { formatNumber } from "@sms/domain/rules/format";
import type { ReactNode } from "react";
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useLocalizedPath } from "~/lib/locale";
import { useLogout } from "../api/logout";
import { useCurrentUser } from "./current-user";

const itemClass =
  "flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-gray-800 outline-none data-[focused]:bg-primary-50 data-[focused]:text-primary-800";

/**
 * Top-bar user dropdown: the name, My account, Sign out (spec §2 top bar) and, between them, what
 * the layout adds (the organizations and their switch list).
 */
export function UserMenu({ organizationItems }: { organizationItems?: ReactNode } = {}) {
  const { t } = useTranslation("account");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user, credits, role } = useCurrentUser();
  const inBackoffice = splitLocale(useLocation().pathname).path.startsWith("/admin");
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  const initial = (user?.first_name ?? "?").slice(0, 1).toUpperCase();

  return (
    <MenuTrigger>
      {/* Named by its content, not an aria-label: the name starts with what is seen (the person's
          name) and the initial is hidden, or axe's label-content-name-mismatch fails it (issue 24). */}
      <Button
        data-testid="user-menu"
        className="inline-flex min-h-10 max-w-48 items-center gap-2 rounded-md px-1.5 lg:max-w-80 text-sm font-medium text-gray-800 outline-none hover:bg-gray-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-primary-700"
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-700 text-white"
        >
          {initial}
        </span>
        <span className="hidden truncate md:inline">{name}</span>
        {/* Below md the name is not shown: screen readers still hear it. */}
        <span className="sr-only md:hidden">{name}</span>
        <span className="sr-only"> ({t("topbar.userMenu")})</span>
        <span aria-hidden="true" className="text-xs text-gray-500">
          ▾
        </span>
      </Button>
      <Popover
        placement="bottom end"
        className="min-w-56 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
      >
        <Menu
          className="outline-none"
          onAction={(key) => {
            if (key === "account") navigate(lp("/accounts"));
            if (key === "customer") navigate(lp("/dashboard"));
            if (key === "backoffice") navigate(lp("/admin"));
            if (key === "logout") {
              // Not mutate's own callbacks: they would not run once the signed-out pages unmount.
              void logout.mutateAsync().finally(() => navigate(lp("/login"), { replace: true }));
            }
          }}
        >
          <MenuSection>
            <Header className="px-3 py-2">
              <span
                className="block truncate text-sm font-semibold text-gray-900"
                data-testid="user-menu-name"
              >
                {name}
              </span>
              <span className="block truncate text-xs text-gray-500">{user?.email}</span>
              <span className="mt-1 block text-xs text-gray-600 sm:hidden">
                {t("topbar.credits")}: {credits === null ? "…" : formatNumber(credits)}
              </span>
            </Header>
          </MenuSection>
          <Separator className="my-1 border-t border-gray-200" />
          <MenuItem id="account" className={itemClass}>
            {t("topbar.myAccount")}
          </MenuItem>
          {organizationItems}
          {role === USER_ROLE.admin && (
            <MenuItem id={inBackoffice ? "customer" : "backoffice"} className={itemClass}>
              {inBackoffice ? t("topbar.customerArea") : t("topbar.backoffice")}
            </MenuItem>
          )}
          <MenuItem id="logout" className={itemClass}>
            {t("topbar.logout")}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
