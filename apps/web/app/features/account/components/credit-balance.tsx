import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "./current-user";

/** Top-bar credit counter with thousands separators (spec §9). */
export function CreditBalance() {
  const { t } = useTranslation("account");
  const { credits } = useCurrentUser();
  return (
    <div
      className="flex shrink-0 items-center gap-1.5 rounded-md bg-secondary-100 px-2 py-1.5 text-sm text-gray-800 sm:px-3"
      data-testid="credit-balance"
    >
      <span className="text-gray-600">{t("topbar.credits")}</span>
      <strong className="tabular-nums">{credits === null ? "…" : formatNumber(credits)}</strong>
    </div>
  );
}
