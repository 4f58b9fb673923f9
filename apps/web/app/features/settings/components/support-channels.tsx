import { useTranslation } from "react-i18next";
import { Line, Phone, SITE, telHref } from "~/features/marketing";

/**
 * Beside the in-app contact form (review D52): the hotline with its hours, LINE and e-mail with
 * the expected reply time, as the public contact page gives them.
 */
export function SupportChannels({ className = "" }: { className?: string }) {
  const { t } = useTranslation("settings");
  const { t: tm } = useTranslation("marketing");
  return (
    <aside
      aria-labelledby="support-channels-title"
      className={`space-y-4 rounded-lg border border-gray-200 bg-white p-4 ${className}`}
    >
      <h2 id="support-channels-title" className="text-lg font-semibold text-gray-900">
        {t("contact.channels")}
      </h2>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{t("contact.phone")}</h3>
        <a
          href={telHref(SITE.phoneDisplay)}
          className="mt-1 inline-flex min-h-11 items-center gap-2 text-lg font-semibold text-primary-700 underline"
        >
          <Phone className="size-5" />
          {SITE.phoneDisplay}
        </a>
        <p className="text-sm text-gray-700">{tm("footer.hours")}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">LINE</h3>
        <p className="mt-1 text-sm text-gray-700">{t("contact.lineText")}</p>
        <a
          href={SITE.lineUrl}
          target="_blank"
          rel="noopener"
          className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-[#06C755] px-5 font-semibold text-gray-950 hover:bg-[#05b34c] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
        >
          <Line />
          {tm("nav.line")}
          <span className="sr-only"> {tm("nav.lineLabel")}</span>
        </a>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{t("contact.email")}</h3>
        <a
          href={`mailto:${SITE.supportEmail}`}
          className="mt-1 inline-block break-all text-primary-700 underline"
        >
          {SITE.supportEmail}
        </a>
        <p className="text-sm text-gray-700">{t("contact.reply")}</p>
      </div>
    </aside>
  );
}
