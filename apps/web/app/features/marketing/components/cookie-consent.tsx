import type { Locale } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { HIDE_BANNER_IF_CHOSEN } from "../consent";
import { hrefOf } from "../nav";

const button =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 sm:flex-none";

/**
 * PDPA consent banner: necessary cookies only until the visitor opts in; accepting and rejecting
 * all are the same size, colour and place. The choice can be changed on the cookie-policy page.
 */
export function CookieConsent({ locale }: { locale: Locale }) {
  const { t } = useTranslation("marketing");
  return (
    <>
      <section
        id="cookie-consent"
        aria-labelledby="cookie-consent-title"
        className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:gap-6">
          <div className="flex-1 text-sm">
            <h2 id="cookie-consent-title" className="font-semibold text-gray-900">
              {t("consent.title")}
            </h2>
            <p className="mt-1 text-gray-700">
              {t("consent.body")}{" "}
              <a href={hrefOf("clients.cookies", locale)} className="font-medium text-primary-700 underline">
                {t("consent.policy")}
              </a>
            </p>
          </div>
          <div className="flex gap-3">
            <button
              type="button"
              data-consent="reject"
              className={`${button} bg-primary-700 text-white hover:bg-primary-800`}
            >
              {t("consent.rejectAll")}
            </button>
            <button
              type="button"
              data-consent="accept"
              className={`${button} bg-primary-700 text-white hover:bg-primary-800`}
            >
              {t("consent.acceptAll")}
            </button>
          </div>
        </div>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, needed before first paint. */}
      <script dangerouslySetInnerHTML={{ __html: HIDE_BANNER_IF_CHOSEN }} />
    </>
  );
}
