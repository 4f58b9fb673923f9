import { useTranslation } from "react-i18next";
import { useCurrentUser } from "~/features/account";
import { PageTitle } from "~/features/auth";
import { ContactUsForm, SupportChannels } from "~/features/settings";

/**
 * /contacts-us (spec §2 Contact Us): the contact form, filled in from the signed-in account, and
 * the hotline, LINE and e-mail beside it (review D52).
 */
export default function ContactUsPage() {
  const { t } = useTranslation(["settings", "common"]);
  const { user, isLoading } = useCurrentUser();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("contact.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("contact.intro")}</p>
      </div>
      {/* The ways to call or chat come first on a phone, beside the form on a laptop. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem] lg:items-start">
        <SupportChannels className="lg:col-start-2 lg:row-start-1" />
        <div className="lg:col-start-1 lg:row-start-1">
          {isLoading && !user ? (
            <p className="text-sm text-gray-500" role="status" aria-busy="true">
              {t("common:loading")}
            </p>
          ) : (
            <ContactUsForm
              key={user?.id ?? "anonymous"}
              prefill={{
                name: user ? `${user.first_name} ${user.last_name}`.trim() : "",
                email: user?.email ?? "",
                phone: user?.phone_number ?? "",
                company: user?.default_organization?.name ?? "",
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
