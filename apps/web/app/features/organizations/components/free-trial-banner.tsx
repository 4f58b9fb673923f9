import { USER_ROLE } from "@sms/domain/roles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";
import { showsFreeTrialBanner } from "../lib/free-trial";

/**
 * Spec §4 free-trial bar above the app: for an organization that has not redeemed the trial and is
 * not an active credit holder. Closing it hides it until the next full load.
 */
export function FreeTrialBanner() {
  const { t } = useTranslation("organizations");
  const lp = useLocalizedPath();
  const { user, role } = useCurrentUser();
  const [closed, setClosed] = useState(false);
  // Staff are not offered the customers' free trial (issue 24 D8).
  if (closed || role === USER_ROLE.admin || !showsFreeTrialBanner(user?.default_organization)) return null;
  return (
    <section
      aria-label={t("freeTrial.label")}
      data-testid="free-trial-banner"
      className="flex flex-wrap items-center justify-center gap-3 bg-secondary-100 px-4 py-2 text-sm text-gray-900"
    >
      <p className="font-medium">{t("freeTrial.text")}</p>
      <Link
        to={lp("/carts?free_trial=true")}
        className="inline-flex min-h-9 items-center rounded-md bg-primary-700 px-3 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        {t("freeTrial.action")}
      </Link>
      <button
        type="button"
        onClick={() => setClosed(true)}
        aria-label={t("freeTrial.close")}
        className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-md text-lg text-gray-700 hover:bg-secondary-200 focus-visible:outline-2 focus-visible:outline-primary-700"
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
