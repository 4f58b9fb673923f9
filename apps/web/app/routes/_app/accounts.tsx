import { useTranslation } from "react-i18next";
import {
  ChangePasswordForm,
  ContactChange,
  ProfileForm,
  useCurrentUser,
  VerificationPanel,
} from "~/features/account";
import { PageTitle } from "~/features/auth";

/** /accounts: verification status and account editing (exempt from the verify warning). */
export default function AccountsPage() {
  const { t } = useTranslation(["account", "common"]);
  const { user, isLoading } = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("accounts.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("accounts.intro")}</p>
      </div>
      {isLoading && !user ? (
        <p aria-busy="true" className="text-sm text-gray-500">
          {t("common:loading")}
        </p>
      ) : (
        <>
          <VerificationPanel />
          <ProfileForm />
          <ContactChange type="phone" />
          <ContactChange type="email" />
          <ChangePasswordForm />
        </>
      )}
    </div>
  );
}
