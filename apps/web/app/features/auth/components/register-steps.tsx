import { useTranslation } from "react-i18next";

const STEPS = ["account", "phone", "email"] as const;

/** Spec §2: registration is create account → verify phone → verify e-mail. */
export function RegisterSteps({ current }: { current: 0 | 1 | 2 | 3 }) {
  const { t } = useTranslation("auth");
  return (
    <nav aria-label={t("register.steps.label")} className="mb-6">
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step}
              aria-current={active ? "step" : undefined}
              className="flex min-w-0 flex-col items-center gap-1 text-center"
            >
              <span
                aria-hidden="true"
                className={`flex size-8 items-center justify-center rounded-full text-sm font-semibold ${
                  done
                    ? "bg-emerald-600 text-white"
                    : active
                      ? "bg-primary-700 text-white"
                      : "bg-gray-200 text-gray-600"
                }`}
              >
                {done ? "✓" : index + 1}
              </span>
              <span
                className={`text-xs leading-tight ${active ? "font-semibold text-gray-900" : "text-gray-600"}`}
              >
                {t(`register.steps.${step}`)}
                <span className="sr-only">
                  {" "}
                  (
                  {done
                    ? t("register.steps.done")
                    : active
                      ? t("register.steps.current")
                      : t("register.steps.todo")}
                  )
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
