import { useTranslation } from "react-i18next";
import { useCurrentUser } from "~/features/account";
import { PageTitle, useConfigurations } from "~/features/auth";
import { Blocks, prose, TERMS_CONTENT } from "~/features/marketing";
import { TermsAcceptance } from "~/features/settings";
import { useLocale } from "~/lib/locale";

/**
 * The in-app terms page (spec §2 "a terms and conditions page"): the current version, when the user
 * accepted which version, and the same text as the public /clients/term-and-conditions.
 */
export default function AppTermsPage() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const content = TERMS_CONTENT[locale];
  const { user } = useCurrentUser();
  const config = useConfigurations();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{content.title}</h1>
        <p className="mt-1 text-sm text-gray-600">{content.lead}</p>
      </div>
      <TermsAcceptance version={config.data?.tnc_version} versionFailed={config.isError} user={user} />
      <article className={`${prose} rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6`}>
        <p className="!mt-0 text-sm text-gray-600">{t("common.updated", { date: content.updated })}</p>
        <ol className="!list-none !pl-0">
          {content.sections.map((section, i) => (
            <li key={section.id}>
              <section aria-labelledby={`terms-${section.id}`}>
                <h2 id={`terms-${section.id}`} className="!mt-6 !text-lg">
                  {i + 1}. {section.heading}
                </h2>
                <Blocks blocks={section.blocks} />
              </section>
            </li>
          ))}
        </ol>
      </article>
    </div>
  );
}
