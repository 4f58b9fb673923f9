import type { Locale } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { KeepWords } from "../keep-words";
import { hrefOf } from "../nav";
import { Check } from "./icons";
import { container, FreeTrialBand, offscreen, PageHeader, primaryButton, secondaryButton } from "./page";

export interface ServiceContent {
  eyebrow: string;
  title: string;
  lead: string;
  primaryCta: { label: string; href: "register" | "contact" };
  useCasesTitle: string;
  useCases: { title: string; text: string }[];
  featuresTitle: string;
  features: string[];
  sampleTitle: string;
  sample: { from: string; text: string; caption: string };
  stepsTitle: string;
  steps: string[];
  note?: string;
}

/** Shared shape of the three service pages (spec §1: marketing, OTP and location-based SMS). */
export function ServicePage({ c, locale }: { c: ServiceContent; locale: Locale }) {
  const { t } = useTranslation("marketing");
  const primaryHref =
    c.primaryCta.href === "register"
      ? locale === "en"
        ? "/en/register"
        : "/register"
      : hrefOf("clients.supports.contact-us", locale);
  return (
    <>
      <PageHeader eyebrow={c.eyebrow} title={c.title} lead={c.lead}>
        <div className="mt-7 flex flex-wrap gap-3">
          <a href={primaryHref} className={primaryButton}>
            <KeepWords>{c.primaryCta.label}</KeepWords>
          </a>
          <a href={hrefOf("clients.packages", locale)} className={secondaryButton}>
            {t("cta.seePackages")}
          </a>
        </div>
      </PageHeader>

      <section aria-labelledby="use-cases" className={`${container} py-12`}>
        <h2 id="use-cases" className="text-2xl font-bold text-gray-950">
          <KeepWords>{c.useCasesTitle}</KeepWords>
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {c.useCases.map((u) => (
            <li key={u.title} className="rounded-xl border border-gray-200 p-5">
              <h3 className="font-semibold text-gray-950">
                <KeepWords>{u.title}</KeepWords>
              </h3>
              <p className="mt-2 text-gray-700">{u.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features" className={`bg-gray-50 ${offscreen}`}>
        <div className={`${container} grid gap-10 py-12 lg:grid-cols-2`}>
          <div>
            <h2 id="features" className="text-2xl font-bold text-gray-950">
              <KeepWords>{c.featuresTitle}</KeepWords>
            </h2>
            <ul className="mt-6 space-y-3">
              {c.features.map((f) => (
                <li key={f} className="flex gap-3 text-gray-800">
                  <Check className="mt-1 size-5 shrink-0 text-primary-700" />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
          </div>
          <figure className="self-start rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <h2 className="text-lg font-semibold text-gray-950">
              <KeepWords>{c.sampleTitle}</KeepWords>
            </h2>
            <div className="mt-4 rounded-2xl rounded-tl-sm bg-gray-100 p-4">
              <p className="text-sm font-semibold text-primary-700">{c.sample.from}</p>
              <p className="mt-1 text-gray-900">{c.sample.text}</p>
            </div>
            <figcaption className="mt-3 text-sm text-gray-600">{c.sample.caption}</figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="steps" className={`${container} py-12 ${offscreen}`}>
        <h2 id="steps" className="text-2xl font-bold text-gray-950">
          <KeepWords>{c.stepsTitle}</KeepWords>
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {c.steps.map((s, i) => (
            <li key={s} className="flex gap-3 rounded-xl border border-gray-200 p-5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-700 font-bold text-white">
                {i + 1}
              </span>
              <span className="text-gray-800">{s}</span>
            </li>
          ))}
        </ol>
        {c.note && (
          <p className="mt-6 max-w-3xl rounded-md border-l-4 border-secondary-500 bg-secondary-100 px-4 py-3 text-gray-900">
            {c.note}
          </p>
        )}
      </section>

      <FreeTrialBand locale={locale} />
    </>
  );
}
