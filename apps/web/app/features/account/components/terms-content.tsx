import { useTranslation } from "react-i18next";
import { dataKey } from "~/lib/i18n";

/** The 13 sections of the terms (spec §9), in the page's language. */
export const TERMS_SECTIONS = 13;

export function TermsContent() {
  const { t } = useTranslation("account");
  return (
    <div className="space-y-4 text-sm leading-relaxed text-gray-700">
      <p>{t("terms.preamble")}</p>
      <ol className="space-y-4">
        {Array.from({ length: TERMS_SECTIONS }, (_, i) => {
          const n = i + 1;
          return (
            <li key={n}>
              <h3 className="font-semibold text-gray-900">
                {n}. {t(dataKey<"account">(`terms.sections.s${n}.title`))}
              </h3>
              <p className="mt-1">{t(dataKey<"account">(`terms.sections.s${n}.body`))}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
