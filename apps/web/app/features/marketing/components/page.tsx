import type { Locale } from "@sms/domain/routes";
import { localizePath } from "@sms/domain/routes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";
import { KeepWords } from "../keep-words";
import { hrefOf } from "../nav";

export const container = "mx-auto max-w-7xl px-4";
/** Below-the-fold blocks: the browser skips their layout and paint until they come near the viewport. */
export const offscreen = "[content-visibility:auto] [contain-intrinsic-size:auto_600px]";
export const primaryButton =
  "inline-flex min-h-12 items-center justify-center rounded-md bg-primary-700 px-6 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700";
export const secondaryButton =
  "inline-flex min-h-12 items-center justify-center rounded-md border border-primary-700 bg-white px-6 font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700";

/** Page title band of every inner marketing page. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-primary-100 bg-gradient-to-b from-primary-50 to-white">
      <div className={`${container} py-10 sm:py-14`}>
        {eyebrow && <p className="text-sm font-semibold text-primary-700">{eyebrow}</p>}
        <h1 className="mt-1 max-w-3xl text-3xl font-bold leading-tight text-gray-950 sm:text-4xl">
          <KeepWords>{title}</KeepWords>
        </h1>
        {lead && (
          <p className="mt-4 max-w-3xl text-lg text-gray-700">
            <KeepWords>{lead}</KeepWords>
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

/** Long-form text: headings, paragraphs and lists with readable measure. */
export const prose =
  "max-w-3xl text-gray-800 [&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-gray-950 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-950 [&_p]:mt-3 [&_p]:leading-7 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li]:leading-7 [&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline";

export type Block = string | { list: string[] } | { steps: string[] } | { note: string };

export interface DocSection {
  id: string;
  heading: string;
  blocks: Block[];
}

export function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${i}`;
        if (typeof block === "string") return <p key={key}>{block}</p>;
        if ("list" in block)
          return (
            <ul key={key}>
              {block.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        if ("steps" in block)
          return (
            <ol key={key}>
              {block.steps.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          );
        return (
          <p key={key} className="rounded-md border-l-4 border-secondary-500 bg-secondary-100 px-4 py-3">
            {block.note}
          </p>
        );
      })}
    </>
  );
}

/** Terms, privacy and cookie documents: a table of contents, then numbered sections. */
export function DocBody({
  sections,
  updated,
  numbered = false,
}: {
  sections: DocSection[];
  updated: string;
  numbered?: boolean;
}) {
  const { t } = useTranslation("marketing");
  return (
    <div className={`${container} grid gap-10 py-10 lg:grid-cols-[16rem_1fr]`}>
      <nav aria-labelledby="toc-title" className="lg:sticky lg:top-4 lg:self-start">
        <h2 id="toc-title" className="text-sm font-semibold text-gray-700">
          {t("common.onThisPage")}
        </h2>
        <ol className="mt-2 space-y-1.5 text-sm">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="text-gray-800 underline decoration-gray-300 hover:text-primary-700"
              >
                {numbered ? `${i + 1}. ` : ""}
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={prose}>
        <p className="!mt-0 text-sm text-gray-600">{t("common.updated", { date: updated })}</p>
        {sections.map((s, i) => (
          <section key={s.id} aria-labelledby={s.id}>
            <h2 id={s.id}>
              {numbered ? `${i + 1}. ` : ""}
              {s.heading}
            </h2>
            <Blocks blocks={s.blocks} />
          </section>
        ))}
      </div>
    </div>
  );
}

/** The free-trial offer (spec §1): visible on the public pages and leading to registration. */
export function FreeTrialBand({ locale }: { locale: Locale }) {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="free-trial-title" className="bg-primary-700 text-white">
      <div
        className={`${container} flex flex-col items-start gap-5 py-10 md:flex-row md:items-center md:justify-between`}
      >
        <div>
          <h2 id="free-trial-title" className="text-2xl font-bold">
            <KeepWords>{t("cta.freeTrialTitle")}</KeepWords>
          </h2>
          <p className="mt-2 text-primary-50">{t("cta.freeTrialBody")}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href={localizePath("/register", locale)}
            data-free-trial
            className="inline-flex min-h-12 items-center rounded-md bg-secondary-400 px-6 font-semibold text-gray-950 hover:bg-secondary-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <KeepWords>{t("cta.freeTrialButton")}</KeepWords>
          </a>
          <a
            href={hrefOf("clients.packages", locale)}
            className="inline-flex min-h-12 items-center rounded-md border border-white px-6 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t("cta.seePackages")}
          </a>
        </div>
      </div>
    </section>
  );
}

/** One document page (terms, privacy, cookies, manual, how to buy) in both languages. */
export interface DocContent {
  eyebrow?: string;
  title: string;
  lead: string;
  updated: string;
  sections: DocSection[];
}

export function DocPage({
  content,
  numbered = true,
  children,
}: {
  content: Record<Locale, DocContent>;
  numbered?: boolean;
  /** Shown between the title band and the document, e.g. the cookie settings. */
  children?: ReactNode;
}) {
  const c = content[useLocale()];
  return (
    <>
      <PageHeader eyebrow={c.eyebrow} title={c.title} lead={c.lead} />
      {children}
      <DocBody sections={c.sections} updated={c.updated} numbered={numbered} />
    </>
  );
}
