import { type Locale, switchLocalePath } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";

/** Same page in the other language; the enhancement script stores the choice in the locale cookie. */
export function LanguageLink({ pathname, className = "" }: { pathname: string; className?: string }) {
  const { t, i18n } = useTranslation("common");
  const target: Locale = i18n.language === "en" ? "th" : "en";
  return (
    <a
      href={switchLocalePath(pathname, target)}
      hrefLang={target}
      lang={target}
      data-locale-switch={target}
      data-testid="language-switcher"
      className={`inline-flex min-h-10 items-center rounded-md border border-gray-300 px-3 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-700 ${className}`}
    >
      {t("language.switchTo")}
      <span className="sr-only" lang={i18n.language}>
        {" "}
        ({t("language.switchToLabel")})
      </span>
    </a>
  );
}
