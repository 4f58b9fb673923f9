import { USER_ROLE } from "@sms/domain/roles";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";

/** Spec §6 role Admin (1000). The server enforces it too; this only spares others a broken screen. */
export const ADMIN_ROLE = USER_ROLE.admin;

export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  const lp = useLocalizedPath();
  const { role, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <p role="status" className="p-6 text-gray-600">
        {t("contacts.loading")}
      </p>
    );
  }
  if (role !== ADMIN_ROLE) {
    return (
      <section className="mx-auto my-8 max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center">
        <h1 className="text-xl font-semibold">{t("forbidden.title")}</h1>
        <p className="mt-2 text-gray-600">{t("forbidden.body")}</p>
        <Link to={lp("/dashboard")} className="mt-4 inline-block font-medium text-primary-700 underline">
          {t("forbidden.back")}
        </Link>
      </section>
    );
  }
  return children;
}
