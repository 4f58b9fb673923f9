import { formatNumber } from "@sms/domain/rules/format";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { buttonClassName } from "~/components/form";
import { ExportButtons } from "~/components/table";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateContact } from "../api/create-contact";
import { useContactGroup } from "../api/get-group";
import { ContactForm } from "./contact-form";
import { ContactsTable } from "./contacts-table";
import { GroupLoader } from "./group-form";

/**
 * /contacts/{id}: the group's name and count, its actions (add first; rename and export quieter,
 * export only once the group has contacts), what the route puts in `importPanel`, and the table.
 */
export function GroupContacts({ id, importPanel }: { id: number; importPanel?: ReactNode }) {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  const group = useContactGroup(id);
  return (
    <div className="space-y-6">
      <Link to={lp("/contacts")} className="text-sm text-primary-700 underline">
        {t("contacts.back")}
      </Link>
      <GroupLoader query={group}>
        {(loaded) => (
          <>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="min-w-0">
                <h1 className="text-2xl font-bold break-words text-gray-900" data-testid="group-name">
                  {loaded.name}
                </h1>
                <p className="mt-1 text-sm text-gray-600" data-testid="group-count">
                  {t("contacts.count", { total: formatNumber(loaded.contact_count) })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={lp(`/contacts/${id}/create`)} className={buttonClassName({})}>
                  {t("contacts.add")}
                </Link>
                <Link to={lp(`/contacts/${id}/edit`)} className={buttonClassName({ variant: "light-gray" })}>
                  {t("contacts.renameGroup")}
                </Link>
                {/* Nothing to export from an empty group (review D24). */}
                {loaded.contact_count > 0 ? (
                  <ExportButtons
                    path={`/c/contact-groups/${id}/export`}
                    fileName="contacts"
                    labels={{
                      csv: t("contacts.exportCsv"),
                      xlsx: t("contacts.exportXlsx"),
                      failed: t("contacts.exportFailed"),
                    }}
                  />
                ) : null}
              </div>
            </div>
            {importPanel}
            <ContactsTable groupId={id} />
          </>
        )}
      </GroupLoader>
    </div>
  );
}

/** /contacts/{id}/create: add one contact, then back to the group. */
export function AddContact({ groupId }: { groupId: number }) {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const group = useContactGroup(groupId);
  const create = useCreateContact(groupId);
  return (
    <div className="max-w-xl space-y-6">
      <Link to={lp(`/contacts/${groupId}`)} className="text-sm text-primary-700 underline">
        {t("contactForm.back")}
      </Link>
      <GroupLoader query={group}>
        {(loaded) => (
          <>
            <h1 className="text-2xl font-bold break-words text-gray-900">
              {t("contactForm.addTitle", { group: loaded.name })}
            </h1>
            <ContactForm
              autoFocus
              submitLabel={t("contactForm.add")}
              isPending={create.isPending}
              onSubmit={async (values) => {
                await create.mutateAsync(values);
                toast.success(t("contacts.createdToast"));
                await navigate(lp(`/contacts/${groupId}`));
              }}
            />
          </>
        )}
      </GroupLoader>
    </div>
  );
}
