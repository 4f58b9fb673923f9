import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button, FormAlert, needsVerifiedPhone, useWordedMessage, VerifyPhoneAlert } from "~/components/form";
import { SUSPENDED_NOTICE_ID, SuspendedNotice, useSuspension } from "~/features/account";
import { genericErrorMessage, isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { usePackages } from "../api/list-packages";
import { useRedeemFreeTrial } from "../api/redeem-free-trial";

/** /carts?free_trial=true (spec §4 free-trial banner): the trial package and the button that redeems it, once. */
export function FreeTrialCart() {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const packages = usePackages();
  const redeem = useRedeemFreeTrial();
  const [error, setError] = useWordedMessage<string>();
  const [phoneUnverified, setPhoneUnverified] = useState(false);
  const trial = packages.data?.entities.find((p) => p.is_trial);
  const suspended = useSuspension("credits.buy") !== null;

  if (packages.isPending) {
    return (
      <p aria-busy="true" className="text-sm text-gray-500">
        {t("packages.loading")}
      </p>
    );
  }
  if (!trial) return <FormAlert tone="info">{t("trial.unavailable")}</FormAlert>;

  const onRedeem = async () => {
    setError(null);
    setPhoneUnverified(false);
    try {
      await redeem.mutateAsync();
      toast.success(t("toast.trialRedeemed", { credits: formatNumber(trial.credits) }));
      navigate(lp("/orders"));
    } catch (e) {
      if (needsVerifiedPhone(e)) setPhoneUnverified(true);
      else setError(isApiError(e) ? e.message : genericErrorMessage(locale));
    }
  };

  return (
    <section
      className="max-w-lg space-y-4 rounded-lg border border-secondary-300 bg-white p-5"
      aria-labelledby="trial-title"
      data-testid="free-trial-cart"
    >
      <h2 id="trial-title" className="text-lg font-semibold text-gray-900">
        {trial.name}
      </h2>
      <p className="text-gray-700">
        {t("packages.summary", { credits: formatNumber(trial.credits), count: trial.months })}
      </p>
      <p className="text-2xl font-bold text-primary-700">{t("trial.free")}</p>
      <p className="text-sm text-gray-600">{t("trial.noPayment")}</p>
      {phoneUnverified ? <VerifyPhoneAlert /> : <FormAlert>{error}</FormAlert>}
      <SuspendedNotice action="credits.buy" />
      <Button
        onClick={() => void onRedeem()}
        isLoading={redeem.isPending}
        disabled={suspended}
        aria-describedby={suspended ? SUSPENDED_NOTICE_ID : undefined}
        data-testid="redeem-trial"
      >
        {t("trial.redeem", { credits: formatNumber(trial.credits) })}
      </Button>
    </section>
  );
}
