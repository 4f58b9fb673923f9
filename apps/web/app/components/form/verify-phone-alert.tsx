import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { FormAlert } from "./form-alert";

/** The server's refusal of a send, purchase or API key while the user's phone is unverified (ADR 32). */
export const needsVerifiedPhone = (error: unknown): boolean =>
  isApiError(error) && error.code === "PHONE_NOT_VERIFIED";

/** Says why the action was refused and links to the page where the phone is verified. */
export function VerifyPhoneAlert({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <FormAlert testId="verify-phone-required" {...(className ? { className } : {})}>
      <p>{t("verifyPhone.text")}</p>
      <Link to={lp("/verifications")} className="font-semibold underline">
        {t("verifyPhone.link")}
      </Link>
    </FormAlert>
  );
}
