import { useTranslation } from "react-i18next";
import { SITE } from "../site";

/**
 * The articles item (spec §2: "the article link in the public menu has an empty target"). Until a
 * blog URL is configured it is shown as the spec says, as an anchor without a target: visible in
 * the menu, not focusable and not announced as a link, so nobody is sent to a page that reloads
 * itself (ADR 58). With VITE_ARTICLES_URL it is an ordinary link.
 */
export function ArticlesLink({ className }: { className: string }) {
  const { t } = useTranslation("marketing");
  if (!SITE.articlesUrl) {
    return (
      // biome-ignore lint/a11y/useValidAnchor: spec §2's article item has an empty target; an anchor without href is its placeholder, not a link (ADR 58).
      <a className={`${className} cursor-default opacity-70`} data-articles-link="empty">
        {t("nav.articles")}
      </a>
    );
  }
  return (
    <a href={SITE.articlesUrl} className={className} data-articles-link>
      {t("nav.articles")}
    </a>
  );
}
