import { localizePath } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import {
  Check,
  container,
  FaqList,
  FreeTrialBand,
  formatPerSms,
  HOME_CONTENT,
  hrefOf,
  KeepWords,
  lowestPricePerSmsSatang,
  marketingMeta,
  offscreen,
  primaryButton,
  SERVICE_KEYS,
  secondaryButton,
} from "~/features/marketing";
import { buildTimeCatalogue } from "~/features/marketing/index.server";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) => marketingMeta("home", location.pathname);

/** Build time: the advertised lowest price per SMS comes from the package catalogue. */
export function loader() {
  return { lowestPerSmsSatang: lowestPricePerSmsSatang(buildTimeCatalogue()) ?? 19 };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const c = HOME_CONTENT[locale];
  const price = formatPerSms(loaderData.lowestPerSmsSatang);
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-br from-primary-50 via-white to-secondary-100">
        <div className={`${container} grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.2fr_1fr]`}>
          <div>
            <p className="text-sm font-semibold text-primary-700">{c.hero.eyebrow}</p>
            <h1 className="mt-2 text-3xl font-bold leading-tight text-balance text-gray-950 [word-break:keep-all] sm:text-5xl">
              <KeepWords>{c.hero.title}</KeepWords>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-gray-700">
              <KeepWords>{c.hero.lead}</KeepWords>
            </p>
            <p className="mt-5 inline-flex items-center rounded-full bg-white px-4 py-2 text-base font-semibold text-primary-700 shadow-sm ring-1 ring-primary-100">
              <span data-min-price={t("cta.fromPrice")}>{t("cta.fromPrice", { price })}</span>
            </p>
            <div className="mt-7 flex flex-wrap gap-3">
              <a href={localizePath("/register", locale)} className={primaryButton} data-free-trial>
                <KeepWords>{t("cta.freeTrialButton")}</KeepWords>
              </a>
              <a href={hrefOf("clients.packages", locale)} className={secondaryButton}>
                {t("cta.seePackages")}
              </a>
            </div>
            <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-gray-700">
              {c.hero.points.map((point) => (
                <li key={point} className="flex items-center gap-1.5">
                  <Check className="size-4 text-primary-700" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div
            aria-hidden="true"
            className="mx-auto hidden w-72 rounded-[2.5rem] border-8 border-gray-900 bg-gray-100 p-4 shadow-xl sm:block"
          >
            <div className="mx-auto mb-4 h-1.5 w-16 rounded-full bg-gray-300" />
            {c.hero.phone.map((sms) => (
              <div key={sms.from} className="mb-3 rounded-2xl rounded-tl-sm bg-white p-3 text-sm shadow-sm">
                <p className="font-semibold text-primary-700">{sms.from}</p>
                <p className="mt-1 text-gray-800">{sms.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="services-title" className={`${container} py-14`}>
        <h2 id="services-title" className="text-2xl font-bold text-gray-950 sm:text-3xl">
          <KeepWords>{c.services.title}</KeepWords>
        </h2>
        <p className="mt-2 max-w-2xl text-gray-700">
          <KeepWords>{c.services.lead}</KeepWords>
        </p>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {SERVICE_KEYS.map((key, i) => (
            <li key={key} className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-gray-950">{t(`services.${key}`)}</h3>
              <p className="mt-2 flex-1 text-gray-700">
                <KeepWords>{c.services.items[i]}</KeepWords>
              </p>
              <a href={hrefOf(key, locale)} className="mt-4 font-semibold text-primary-700 underline">
                {t("common.readMore", { topic: t(`services.${key}`) })}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title" className={`bg-gray-50 ${offscreen}`}>
        <div className={`${container} py-14`}>
          <h2 id="features-title" className="text-2xl font-bold text-gray-950 sm:text-3xl">
            {c.features.title}
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {c.features.items.map((f) => (
              <li key={f.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
                <h3 className="font-semibold text-gray-950">
                  <KeepWords>{f.title}</KeepWords>
                </h3>
                <p className="mt-2 text-gray-700">
                  <KeepWords>{f.text}</KeepWords>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className={`${container} py-14 ${offscreen}`}>
        <h2 id="steps-title" className="text-2xl font-bold text-gray-950 sm:text-3xl">
          {c.steps.title}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {c.steps.items.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-gray-200 p-6">
              <p className="flex size-10 items-center justify-center rounded-full bg-primary-700 text-lg font-bold text-white">
                {i + 1}
              </p>
              <h3 className="mt-4 font-semibold text-gray-950">
                <KeepWords>{s.title}</KeepWords>
              </h3>
              <p className="mt-2 text-gray-700">
                <KeepWords>{s.text}</KeepWords>
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="home-faq-title" className={`bg-gray-50 ${offscreen}`}>
        <div className={`${container} grid gap-8 py-14 lg:grid-cols-[1fr_2fr]`}>
          <div>
            <h2 id="home-faq-title" className="text-2xl font-bold text-gray-950 sm:text-3xl">
              {t("faq.heading")}
            </h2>
            <a
              href={hrefOf("clients.supports.faq", locale)}
              className="mt-4 inline-block font-semibold text-primary-700 underline"
            >
              {t("faq.more")}
            </a>
          </div>
          <FaqList items={c.faq} idPrefix="home-faq" />
        </div>
      </section>

      <FreeTrialBand locale={locale} />
    </>
  );
}
