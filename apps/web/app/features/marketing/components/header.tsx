import type { Locale } from "@sms/domain/routes";
import { localizePath } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { dataKey } from "~/lib/i18n";
import { hrefOf, SERVICE_KEYS, SUPPORT_KEYS } from "../nav";
import { SITE, telHref } from "../site";
import { ArticlesLink } from "./articles-link";
import { ChevronDown, Line, Logo, MenuIcon, Phone } from "./icons";
import { LanguageLink } from "./language-link";

const SERVICE_HINTS: Record<(typeof SERVICE_KEYS)[number], string> = {
  "clients.services.marketings": "services.marketingsHint",
  "clients.services.otps": "services.otpsHint",
  "clients.services.location-base": "services.locationHint",
};

interface HeaderProps {
  locale: Locale;
  pathname: string;
}

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700";
const topLink = `inline-flex min-h-10 items-center gap-1 rounded-md px-3 py-2 text-[15px] font-medium text-gray-800 hover:bg-gray-100 hover:text-primary-700 ${focusRing}`;

function ArticlesItem({ className }: { className: string }) {
  return (
    <li>
      <ArticlesLink className={className} />
    </li>
  );
}

/** Landing navbar (spec §2): dropdown groups, phone, LINE chat, Register and Login, and a mobile menu. */
export function Header({ locale, pathname }: HeaderProps) {
  const { t } = useTranslation("marketing");
  const lp = (path: string) => localizePath(path, locale);
  const href = (key: string) => hrefOf(key, locale);
  const current = (key: string) => (href(key) === pathname ? ("page" as const) : undefined);

  const dropdown = (label: string, keys: readonly string[], hints?: Record<string, string>) => (
    <details className="group relative" data-disclosure="dropdown">
      <summary className={`${topLink} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {label}
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 top-full z-40 mt-1 w-72 rounded-lg border border-gray-200 bg-white p-2 shadow-lg">
        {keys.map((key) => (
          <li key={key}>
            <a
              href={href(key)}
              aria-current={current(key)}
              className={`block rounded-md px-3 py-2 hover:bg-primary-50 aria-[current=page]:bg-primary-50 ${focusRing}`}
            >
              <span className="block font-medium text-gray-900">
                {t(dataKey<"marketing">(`${keys === SERVICE_KEYS ? "services" : "support"}.${key}`))}
              </span>
              {hints?.[key] && (
                <span className="block text-sm text-gray-600">{t(dataKey<"marketing">(hints[key]))}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );

  const loginLink = (className: string) => (
    <a
      href={lp("/login")}
      data-app-href={lp("/dashboard")}
      data-app-label={t("nav.dashboard")}
      data-login-link
      className={className}
    >
      {t("nav.login")}
    </a>
  );

  return (
    <header className="relative z-30 border-b border-gray-200 bg-white">
      <div className="hidden border-b border-gray-100 bg-gray-50 lg:block">
        <div className="mx-auto flex max-w-7xl items-center justify-end gap-4 px-4 py-1 text-sm">
          <a
            href={telHref(SITE.phoneDisplay)}
            className={`inline-flex min-h-8 items-center gap-1.5 rounded font-medium text-gray-800 hover:text-primary-700 ${focusRing}`}
          >
            <Phone className="size-4" />
            {t("nav.callUs", { phone: SITE.phoneDisplay })}
          </a>
          <a
            href={SITE.lineUrl}
            target="_blank"
            rel="noopener"
            className={`inline-flex min-h-8 items-center gap-1.5 rounded-full bg-[#06C755] px-3 font-semibold text-gray-950 hover:bg-[#05b34c] ${focusRing}`}
            data-line-button
          >
            <Line className="size-4" />
            {t("nav.line")}
            <span className="sr-only"> {t("nav.lineLabel")}</span>
          </a>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2.5">
        <a
          href={lp("/")}
          className={`mr-auto flex items-center gap-2 rounded-md ${focusRing}`}
          aria-label={t("brand.home")}
        >
          <Logo />
          <span className="text-lg font-bold text-primary-700">{t("brand.name")}</span>
        </a>

        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            <li>{dropdown(t("nav.services"), SERVICE_KEYS, SERVICE_HINTS)}</li>
            <li>
              <a
                href={href("clients.packages")}
                aria-current={current("clients.packages")}
                className={topLink}
              >
                {t("nav.packages")}
              </a>
            </li>
            <li>{dropdown(t("nav.support"), SUPPORT_KEYS)}</li>
            <ArticlesItem className={topLink} />
            <li>
              <a
                href={href("clients.warehouses.about-us")}
                aria-current={current("clients.warehouses.about-us")}
                className={topLink}
              >
                {t("nav.about")}
              </a>
            </li>
          </ul>
        </nav>

        <LanguageLink pathname={pathname} className="ml-2" />
        <div className="hidden items-center gap-2 sm:flex">
          {loginLink(
            `inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold text-primary-700 hover:bg-primary-50 ${focusRing}`,
          )}
          <a
            href={lp("/register")}
            className={`inline-flex min-h-10 items-center rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800 ${focusRing}`}
          >
            {t("nav.register")}
          </a>
        </div>

        <details className="lg:hidden" data-disclosure="mobile-menu">
          <summary
            className={`inline-flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-md border border-gray-300 px-3 text-sm font-medium [&::-webkit-details-marker]:hidden ${focusRing}`}
          >
            <MenuIcon className="size-5" />
            {t("nav.menu")}
          </summary>
          <nav
            aria-label={t("nav.main")}
            className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-gray-200 bg-white px-4 pb-6 pt-2 shadow-lg"
          >
            <p className="mt-3 text-sm font-semibold text-gray-600">{t("nav.services")}</p>
            <ul className="mt-1">
              {SERVICE_KEYS.map((key) => (
                <li key={key}>
                  <a
                    href={href(key)}
                    aria-current={current(key)}
                    className={`block rounded-md px-2 py-2.5 font-medium ${focusRing}`}
                  >
                    {t(`services.${key}`)}
                  </a>
                </li>
              ))}
              <li>
                <a
                  href={href("clients.packages")}
                  className={`block rounded-md px-2 py-2.5 font-medium ${focusRing}`}
                >
                  {t("nav.packages")}
                </a>
              </li>
            </ul>
            <p className="mt-3 text-sm font-semibold text-gray-600">{t("nav.support")}</p>
            <ul className="mt-1">
              {SUPPORT_KEYS.map((key) => (
                <li key={key}>
                  <a
                    href={href(key)}
                    aria-current={current(key)}
                    className={`block rounded-md px-2 py-2.5 font-medium ${focusRing}`}
                  >
                    {t(`support.${key}`)}
                  </a>
                </li>
              ))}
              <ArticlesItem className={`block rounded-md px-2 py-2.5 font-medium ${focusRing}`} />
              <li>
                <a
                  href={href("clients.warehouses.about-us")}
                  className={`block rounded-md px-2 py-2.5 font-medium ${focusRing}`}
                >
                  {t("nav.about")}
                </a>
              </li>
            </ul>
            <div className="mt-4 grid grid-cols-2 gap-2">
              {loginLink(
                `inline-flex min-h-11 items-center justify-center rounded-md border border-primary-700 font-semibold text-primary-700 ${focusRing}`,
              )}
              <a
                href={lp("/register")}
                className={`inline-flex min-h-11 items-center justify-center rounded-md bg-primary-700 font-semibold text-white ${focusRing}`}
              >
                {t("nav.register")}
              </a>
              <a
                href={telHref(SITE.phoneDisplay)}
                aria-label={t("nav.callUsLabel", { phone: SITE.phoneDisplay })}
                className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md border border-gray-300 font-medium ${focusRing}`}
              >
                <Phone className="size-4" />
                {SITE.phoneDisplay}
              </a>
              <a
                href={SITE.lineUrl}
                target="_blank"
                rel="noopener"
                className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md bg-[#06C755] font-semibold text-gray-950 ${focusRing}`}
              >
                <Line className="size-4" />
                {t("nav.line")}
                <span className="sr-only"> {t("nav.lineLabel")}</span>
              </a>
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
