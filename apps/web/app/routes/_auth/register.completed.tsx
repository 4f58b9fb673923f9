import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { buttonClassName } from "~/components/form";
import { AuthHeading, RegisterSteps, registrationCompleted } from "~/features/auth";
import { cartPath, chosenPackage } from "~/lib/chosen-package";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { loginPath, session } from "~/lib/session";

/** What every new customer should start now; the sender name takes staff 1-3 working days (review D4). */
const NEXT_STEPS = [
  { key: "trial", path: "/dashboard" },
  { key: "sender", path: "/senders/create" },
  { key: "credit", path: "/subscriptions" },
] as const;

export default function RegisterCompletedPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const locale = useLocale();
  // Only for someone who has just finished registering in this tab (review D55).
  const [justRegistered] = useState(() => registrationCompleted.has());
  const signedIn = session.hasToken();
  if (!justRegistered) return <Navigate to={lp("/register")} replace />;
  // The package chosen before registering: its cart is where this person was going (issue 10).
  const chosen = chosenPackage.peek();
  const next = chosen === null ? null : cartPath(chosen);
  const target = signedIn ? lp(next ?? "/dashboard") : next ? loginPath(locale, next) : lp("/login");
  const stepPath = (path: string) => (signedIn ? lp(path) : loginPath(locale, path));
  return (
    <>
      <RegisterSteps current={3} />
      <div className="mb-4 flex justify-center" aria-hidden="true">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700">
          ✓
        </span>
      </div>
      <AuthHeading title={t("completed.title")}>
        {signedIn ? t("completed.signedIn") : t("completed.signIn")}
      </AuthHeading>
      <Link
        to={target}
        className={buttonClassName({ size: "lg", fullWidth: true })}
        data-testid="completed-continue"
      >
        {signedIn ? t("completed.toDashboard") : t("completed.toLogin")}
      </Link>
      <section
        aria-labelledby="next-steps"
        className="mt-6 border-t border-gray-100 pt-4"
        data-testid="next-steps"
      >
        <h2 id="next-steps" className="text-base font-semibold text-gray-900">
          {t("completed.next.title")}
        </h2>
        <ol className="mt-3 space-y-3">
          {NEXT_STEPS.map((step, index) => (
            <li key={step.key} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-50 text-sm font-semibold text-primary-700"
              >
                {index + 1}
              </span>
              <span className="min-w-0 text-sm text-gray-700">
                <Link
                  to={stepPath(step.path)}
                  className="font-semibold text-primary-700 underline-offset-2 hover:underline"
                >
                  {t(`completed.next.${step.key}.title`)}
                </Link>
                <span className="block">{t(`completed.next.${step.key}.text`)}</span>
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-gray-600">{t("completed.next.welcome")}</p>
      </section>
    </>
  );
}
