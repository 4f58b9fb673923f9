import type { Locale } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localeFromPathname } from "~/lib/i18n";
import { otherLocaleHref, rememberLocale } from "~/lib/locale";

/** Keeps the visitor on the same page in the other language and remembers the choice. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  // A prerendered page is rendered at "/login/"; the link must be the same when it hydrates at "/login".
  const pathname = location.pathname.replace(/(.)\/+$/, "$1");
  const { search, hash } = location;
  const target: Locale = localeFromPathname(pathname) === "th" ? "en" : "th";
  return (
    <Link
      to={otherLocaleHref(pathname, search, hash, target)}
      onClick={() => rememberLocale(target)}
      hrefLang={target}
      lang={target}
      data-testid="language-switcher"
      // Before hydration root.tsx adds the page's query to this link (data-keep-query).
      data-keep-query=""
      className={`inline-flex min-h-10 items-center rounded-md border border-gray-300 px-3 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-700 ${className}`}
    >
      {t("language.switchTo")}
      {/* The name starts with the visible words (axe label-content-name-mismatch), then says what it does. */}
      <span className="sr-only" lang={target === "en" ? "th" : "en"}>
        {" "}
        ({t("language.switchToLabel")})
      </span>
    </Link>
  );
}
