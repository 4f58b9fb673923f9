import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocalizedPath } from "~/lib/locale";
import { pageTitle } from "~/lib/meta";

export default function Home() {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <title>{pageTitle(pathname === "/" ? "th:home" : "en:home", pathname)}</title>
      <h1 className="text-3xl font-bold sm:text-5xl">{t("app.tagline")}</h1>
      <Link
        to={lp("/register")}
        className="mt-8 inline-block rounded-md bg-primary-700 px-5 py-3 font-semibold text-white hover:bg-primary-800"
      >
        {t("nav.register")}
      </Link>
    </section>
  );
}
