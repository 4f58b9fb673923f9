import type { Locale } from "@sms/domain/routes";
import { localizePath } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { KeepWords } from "../keep-words";
import { hrefOf, LEGAL_KEYS, SERVICE_KEYS, SUPPORT_KEYS } from "../nav";
import { SITE, telHref } from "../site";
import { ArticlesLink } from "./articles-link";
import { Facebook, Line, Logo, Youtube } from "./icons";

const link =
  "rounded text-gray-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white";

/** Landing footer (spec §2): link columns, social and legal links, company details, opt-in and *137 notice. */
export function Footer({ locale, year }: { locale: Locale; year: number }) {
  const { t } = useTranslation("marketing");
  const href = (key: string) => hrefOf(key, locale);
  const column = (title: string, items: ({ href: string; label: string } | "articles")[]) => (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item) =>
          item === "articles" ? (
            <li key={item}>
              <ArticlesLink className={link} />
            </li>
          ) : (
            <li key={item.label}>
              <a href={item.href} className={link}>
                {item.label}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
  const social = [
    { href: SITE.facebookUrl, label: t("footer.facebook"), Icon: Facebook },
    { href: SITE.lineUrl, label: t("footer.lineOa"), Icon: Line },
    { href: SITE.youtubeUrl, label: t("footer.youtube"), Icon: Youtube },
  ];
  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <a
            href={localizePath("/", locale)}
            className="inline-flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-white"
          >
            <Logo />
            <span className="text-lg font-bold text-white">{t("brand.name")}</span>
          </a>
          <h2 className="mt-5 text-sm font-semibold uppercase tracking-wide text-white">
            {t("footer.contact")}
          </h2>
          <address className="mt-3 space-y-1.5 text-sm not-italic">
            <p className="font-medium text-white">
              <KeepWords>{t("footer.companyName")}</KeepWords>
            </p>
            <p>
              <KeepWords>{t("footer.address")}</KeepWords>
            </p>
            <p>
              {t("footer.phone")}:{" "}
              <a href={telHref(SITE.phoneDisplay)} className={link}>
                {SITE.phoneDisplay}
              </a>
            </p>
            <p>
              {t("footer.email")}:{" "}
              <a href={`mailto:${SITE.supportEmail}`} className={link}>
                {SITE.supportEmail}
              </a>
            </p>
            <p>
              <KeepWords>{t("footer.hours")}</KeepWords>
            </p>
          </address>
          <h2 className="mt-5 text-sm font-semibold uppercase tracking-wide text-white">
            {t("footer.follow")}
          </h2>
          <ul className="mt-3 flex gap-3">
            {social.map(({ href: to, label, Icon }) => (
              <li key={label}>
                <a
                  href={to}
                  target="_blank"
                  rel="noopener"
                  aria-label={label}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-gray-800 text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {column(t("footer.services"), [
          ...SERVICE_KEYS.map((key) => ({ href: href(key), label: t(`services.${key}`) })),
          { href: href("clients.packages"), label: t("nav.packages") },
        ])}
        {column(
          t("footer.support"),
          SUPPORT_KEYS.map((key) => ({ href: href(key), label: t(`support.${key}`) })),
        )}
        {column(t("footer.warehouse"), [
          { href: href("clients.warehouses.about-us"), label: t("nav.about") },
          "articles",
          { href: localizePath("/register", locale), label: t("nav.freeTrial") },
          { href: localizePath("/login", locale), label: t("nav.login") },
        ])}
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto max-w-7xl space-y-3 px-4 py-6 text-sm">
          <p>
            <KeepWords>{t("footer.optIn")}</KeepWords>
          </p>
          <p className="font-medium text-white">
            <KeepWords>{t("footer.unsubscribe")}</KeepWords>
          </p>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
            <p>
              <KeepWords>{t("footer.copyright", { year })}</KeepWords>
            </p>
            <nav aria-label={t("footer.legal")}>
              <ul className="flex flex-wrap gap-x-5 gap-y-2">
                {LEGAL_KEYS.map((key) => (
                  <li key={key}>
                    <a href={href(key)} className={link}>
                      {t(`legal.${key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </footer>
  );
}
