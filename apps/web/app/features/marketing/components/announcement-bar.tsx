import type { Locale } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { announcementVisible, hideAnnouncementScript } from "../announcement";
import { hrefOf } from "../nav";
import { Close } from "./icons";

/**
 * Promotional bar (spec §2, §9): 799 baht for 1,500 SMS until the configured cut-off in August 2023.
 * `now` is injected so both sides of the cut-off are testable; the enhancement script re-checks it
 * with the visitor's clock and handles closing.
 */
export function AnnouncementBar({ locale, now, until }: { locale: Locale; now: Date; until: Date }) {
  const { t } = useTranslation("marketing");
  if (!announcementVisible(now, until)) return null;
  return (
    <>
      <section
        id="announcement"
        aria-label={t("announcement.label")}
        data-until={until.getTime()}
        className="bg-secondary-400 text-gray-950"
      >
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm">
          <p className="flex-1">
            <span className="font-semibold">{t("announcement.text")}</span>{" "}
            <a href={hrefOf("clients.packages", locale)} className="font-semibold underline">
              {t("announcement.cta")}
            </a>
          </p>
          <button
            type="button"
            data-announcement-close
            aria-label={t("announcement.close")}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-secondary-300 focus-visible:outline-2 focus-visible:outline-gray-950"
          >
            <Close className="size-5" />
          </button>
        </div>
      </section>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, needed before first paint. */}
      <script dangerouslySetInnerHTML={{ __html: hideAnnouncementScript(until) }} />
    </>
  );
}
