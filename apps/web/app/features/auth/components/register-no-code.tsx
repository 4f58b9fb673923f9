import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "~/lib/locale";

const linkClass = "whitespace-nowrap font-semibold text-primary-700 underline-offset-2 hover:underline";

/**
 * Shown to everyone on the register code screens. Registering again with a phone or e-mail that
 * already has an account answers like a new registration (the server never says which is taken),
 * and the owner gets a notice instead of a code: this says so without revealing anything.
 */
export function RegisterNoCode({ type }: { type: "phone" | "email" }) {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  return (
    <p className="mt-6 border-t border-gray-100 pt-4 text-sm text-gray-600" data-testid="register-no-code">
      <Trans
        t={t}
        i18nKey={type === "phone" ? "register.noCode.phone" : "register.noCode.email"}
        components={{
          login: <Link to={lp("/login")} className={linkClass} />,
          forgot: <Link to={lp("/forgot")} className={linkClass} />,
        }}
      />
    </p>
  );
}
