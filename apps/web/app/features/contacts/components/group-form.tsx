import {
  CONTACT_GROUP_NAME_MAX_LENGTH,
  type TContactGroup,
  type TCreateContactGroupRequest,
  ZCreateContactGroupRequest,
} from "@sms/domain/contracts/contacts";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button, FormAlert, TextInput, useContractForm, useMessageText } from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateGroup } from "../api/create-group";
import { useContactGroup } from "../api/get-group";
import { useRenameGroup } from "../api/rename-group";

const FIELDS = ["name"] as const;

interface NameFormProps {
  title: string;
  submitLabel: string;
  initialName: string;
  isPending: boolean;
  onSubmit: (values: TCreateContactGroupRequest) => Promise<unknown>;
}

function NameForm({ title, submitLabel, initialName, isPending, onSubmit }: NameFormProps) {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  const message = useMessageText();
  const { control, submit, formError } = useContractForm<
    TCreateContactGroupRequest,
    TCreateContactGroupRequest
  >({
    contract: ZCreateContactGroupRequest,
    values: { name: initialName },
    fields: FIELDS,
    onValid: async (values) => {
      await onSubmit(values);
    },
  });
  return (
    <div className="max-w-xl space-y-6">
      <Link to={lp("/contacts")} className="text-sm text-primary-700 underline">
        {t("groupForm.back")}
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{formError}</FormAlert>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("groupForm.name")}
              isRequired
              autoFocus
              maxLength={CONTACT_GROUP_NAME_MAX_LENGTH}
              error={message(fieldState.error?.message)}
              data-testid="group-name"
            />
          )}
        />
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </form>
    </div>
  );
}

/** /contacts/create: a new group, then its (empty) contacts page. */
export function CreateGroupForm() {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <NameForm
      title={t("groupForm.createTitle")}
      submitLabel={t("groupForm.create")}
      initialName=""
      isPending={create.isPending}
      onSubmit={async (values) => {
        const group = await create.mutateAsync(values);
        toast.success(t("groups.createdToast"));
        await navigate(lp(`/contacts/${group.id}`));
      }}
    />
  );
}

function RenameForm({ group }: { group: TContactGroup }) {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const rename = useRenameGroup(group.id);
  return (
    <NameForm
      title={t("groupForm.renameTitle")}
      submitLabel={t("groupForm.save")}
      initialName={group.name}
      isPending={rename.isPending}
      onSubmit={async (values) => {
        await rename.mutateAsync(values);
        toast.success(t("groups.updatedToast"));
        await navigate(lp(`/contacts/${group.id}`));
      }}
    />
  );
}

/** /contacts/{id}/edit: rename the group. */
export function RenameGroupForm({ id }: { id: number }) {
  const group = useContactGroup(id);
  return <GroupLoader query={group}>{(loaded) => <RenameForm group={loaded} />}</GroupLoader>;
}

/** The group a page is about: a skeleton while loading, the not-found or error text with a retry. */
export function GroupLoader({
  query,
  children,
}: {
  query: ReturnType<typeof useContactGroup>;
  children: (group: TContactGroup) => ReactNode;
}) {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    const notFound = query.error && "status" in query.error && query.error.status === 404;
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-gray-900">{t("groupForm.heading")}</h1>
        <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{notFound ? t("groupForm.notFound") : query.error.message}</p>
          <div className="flex flex-wrap gap-2">
            {notFound ? null : (
              <Button variant="light-error" size="sm" onClick={() => void query.refetch()}>
                {t("actions.retry")}
              </Button>
            )}
            <Link to={lp("/contacts")} className="text-sm text-primary-700 underline">
              {t("groupForm.back")}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div aria-busy="true" className="h-24 animate-pulse rounded-lg bg-gray-100" data-testid="group-loading" />
  );
}
