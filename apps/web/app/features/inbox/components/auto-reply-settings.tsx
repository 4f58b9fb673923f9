import {
  type TAutoReplyRule,
  type TInboxSettings,
  type TInboxSettingsBody,
  ZInboxSettingsRequest,
} from "@sms/domain/contracts/inbox";
import { AUTO_REPLY_PER_NUMBER } from "@sms/domain/rules/auto-reply";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import {
  Button,
  FormAlert,
  FormNumberInput,
  FormTextInput,
  spokenName,
  useContractForm,
} from "~/components/form";
import { SectionCard } from "~/components/layout/section-card";
import { DataTable, type DataTableColumn, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useDeleteRule } from "../api/delete-rule";
import { useInboxSettings, useUpdateInboxSettings } from "../api/inbox-settings";
import { useRules } from "../api/list-rules";
import { RuleDialog } from "./rule-dialog";

const actionClass =
  "rounded px-1 underline focus-visible:outline-2 focus-visible:outline-primary-600 min-h-11 sm:min-h-0";

function RulesTable() {
  const { t } = useTranslation("inbox");
  const rules = useRules();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<TAutoReplyRule | null | "new">(null);
  const [deleting, setDeleting] = useState<TAutoReplyRule | null>(null);
  const afterRemoval = useFocusAfterDelete(
    deleting !== null,
    rules.data?.map((r) => r.id),
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("rules.deleted"));
      afterRemoval.done(deleting.id);
      setDeleting(null);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("error.general", { ns: "common" }));
    }
  };

  const columns: DataTableColumn<TAutoReplyRule>[] = [
    {
      title: t("rules.keyword"),
      key: "keyword",
      card: "title",
      class: "whitespace-nowrap",
      cell: (r) => r.keyword,
    },
    {
      title: t("rules.reply"),
      key: "reply",
      class: "min-w-48",
      cell: (r) => <span className="whitespace-pre-wrap break-words">{r.reply}</span>,
    },
    {
      title: t("rules.status"),
      key: "enabled",
      card: "status",
      class: "whitespace-nowrap",
      cell: (r) => (r.enabled ? t("rules.on") : t("rules.off")),
    },
    {
      title: t("rules.manage"),
      key: "manage",
      card: "actions",
      class: "whitespace-nowrap",
      cell: (r) => (
        <span className="flex gap-3">
          <button
            type="button"
            className={`${actionClass} text-primary-700`}
            aria-label={spokenName(t("rules.edit"), t("rules.editLabel", { keyword: r.keyword }))}
            onClick={() => setEditing(r)}
          >
            {t("rules.edit")}
          </button>
          <button
            type="button"
            className={`${actionClass} text-red-700`}
            aria-label={spokenName(t("rules.delete"), t("rules.deleteLabel", { keyword: r.keyword }))}
            onClick={() => setDeleting(r)}
          >
            {t("rules.delete")}
          </button>
        </span>
      ),
    },
  ];

  return (
    <SectionCard headingId="rules-heading" title={t("rules.heading")}>
      <Button onClick={() => setEditing("new")} data-testid="add-rule">
        {t("rules.add")}
      </Button>
      {/* A focus target after a delete (the row's Delete button goes with its row), not a landmark. */}
      <div {...afterRemoval.target} className="outline-none" data-testid="rules-region">
        <DataTable
          caption={t("rules.caption")}
          hideCaption
          columns={columns}
          rows={rules.data}
          rowKey={(r) => r.id}
          isLoading={rules.isPending}
          isFetching={rules.isFetching}
          error={rules.isError ? rules.error : null}
          onRetry={() => void rules.refetch()}
          emptyText={t("rules.empty")}
          skeletonRows={2}
        />
      </div>
      {editing !== null ? (
        <RuleDialog rule={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("rules.deleteTitle")}
        body={t("rules.deleteBody", { keyword: deleting?.keyword ?? "" })}
        confirmLabel={t("rules.delete")}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        cancelLabel={t("rules.cancel")}
        onCancel={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

type SettingsValues = { inbound_webhook_url: string; auto_reply_daily_limit: number | null };
const SETTINGS_FIELDS = ["inbound_webhook_url", "auto_reply_daily_limit"] as const;

const valuesOf = (s: TInboxSettings): SettingsValues => ({
  inbound_webhook_url: s.inbound_webhook_url ?? "",
  auto_reply_daily_limit: s.auto_reply_daily_limit,
});

function SettingsForm({ settings }: { settings: TInboxSettings }) {
  const { t } = useTranslation("inbox");
  const update = useUpdateInboxSettings();
  const { control, submit, formError } = useContractForm<SettingsValues, TInboxSettingsBody>({
    contract: ZInboxSettingsRequest,
    defaultValues: valuesOf(settings),
    fields: SETTINGS_FIELDS,
    onValid: async (body, { reset }) => {
      reset(valuesOf(await update.mutateAsync(body)));
      toast.success(t("settings.saved"));
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="inbox-settings-form">
      <FormAlert>{formError}</FormAlert>
      <FormTextInput
        control={control}
        name="inbound_webhook_url"
        type="url"
        label={t("settings.webhookUrl")}
        description={t("settings.webhookUrlHint")}
        maxLength={2000}
        autoComplete="off"
        className="max-w-xl"
        data-testid="inbound-webhook-url"
      />
      <FormNumberInput
        control={control}
        name="auto_reply_daily_limit"
        label={t("settings.dailyLimit")}
        description={t("settings.dailyLimitHint", { perNumber: AUTO_REPLY_PER_NUMBER })}
        isRequired
        maxLength={6}
        className="max-w-xs"
        data-testid="daily-limit"
      />
      <Button type="submit" isLoading={update.isPending} data-testid="save-inbox-settings">
        {t("settings.save")}
      </Button>
    </form>
  );
}

/** /inbox/rules (issue 27 point 4, ADR 101): the keyword auto-replies, forwarding and the daily budget. */
export function AutoReplySettings() {
  const { t } = useTranslation("inbox");
  const settings = useInboxSettings();
  return (
    <div className="space-y-6">
      <RulesTable />
      <SectionCard
        headingId="inbox-settings-heading"
        title={t("settings.heading")}
        intro={t("settings.intro")}
      >
        {settings.data ? (
          <SettingsForm settings={settings.data} />
        ) : settings.isError ? (
          <FormAlert>
            {isApiError(settings.error) ? settings.error.message : t("error.general", { ns: "common" })}
          </FormAlert>
        ) : (
          <div aria-hidden="true" className="h-32 animate-pulse rounded bg-gray-100" />
        )}
      </SectionCard>
    </div>
  );
}
