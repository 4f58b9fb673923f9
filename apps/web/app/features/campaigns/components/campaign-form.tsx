import { zodResolver } from "@hookform/resolvers/zod";
import {
  CAMPAIGN_MESSAGE_MAX_LENGTH,
  CAMPAIGN_NAME_MAX_LENGTH,
  MANUAL_CONTACTS_MAX_CHARS,
  type SendPurpose,
  type TCampaignPreview,
  ZCreateCampaignRequest,
} from "@sms/domain/contracts/campaigns";
import { MANUAL_CONTACTS_LIMIT, parseManualContacts } from "@sms/domain/rules/recipients";
import { type TemplateTag, templateTag } from "@sms/domain/rules/template-tags";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { ConfirmDialog } from "~/components/dialog";
import {
  Button,
  buttonClassName,
  FormAlert,
  needsVerifiedPhone,
  Textarea,
  TextInput,
  useServerErrors,
  useWordedMessage,
  VerifyPhoneAlert,
} from "~/components/form";
import {
  countedText,
  SelectField,
  SendPurposeFields,
  TrackLinksField,
  useSenderChoices,
} from "~/features/messages";
import {
  DEFAULT_SCHEDULE,
  ScheduleFields,
  ScheduleSummary,
  type ScheduleValue,
  scheduledAt,
  scheduleFields,
  scheduleProblem,
  useCreateSchedule,
  useScheduledToast,
} from "~/features/schedules";
import { insertAtCaret, SmsPreview, TagButtons } from "~/features/templates";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateCampaign } from "../api/create-campaign";
import { useFetchTemplate } from "../api/get-template";
import { useCampaignGroups } from "../api/list-groups";
import { useCampaignTemplates } from "../api/list-templates";
import { usePreviewCampaign } from "../api/preview-campaign";
import { useCampaignMessageText } from "../lib/messages";
import { CampaignPreview } from "./campaign-preview";

type FormInput = z.input<typeof ZCreateCampaignRequest>;
type FormOutput = z.output<typeof ZCreateCampaignRequest>;

const FIELDS = [
  "name",
  "sender",
  "purpose",
  "group_ids",
  "manual_contacts",
  "template_id",
  "message",
] as const;

type FormProblem = { kind: "credits" } | { kind: "phone" } | { kind: "text"; text: string };

/**
 * The campaign (spec §2 /messages/campaigns, §3 Campaign, §5): step 1 composes it (name, purpose,
 * a sender fitting the purpose, contact groups and typed numbers counted live, a template or a
 * message with tag buttons and the live count); step 2 shows the server's preview (recipients,
 * dropped numbers, parts, credits and balance, warnings) and sends after a confirmation.
 */
export function CampaignForm() {
  const { t } = useTranslation("campaigns");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const text = useCampaignMessageText();
  const groups = useCampaignGroups();
  const templates = useCampaignTemplates();
  const fetchTemplate = useFetchTemplate();
  const preview = usePreviewCampaign();
  const create = useCreateCampaign();
  const createSchedule = useCreateSchedule();
  const scheduledToast = useScheduledToast();
  const [schedule, setSchedule] = useState<ScheduleValue>(DEFAULT_SCHEDULE);
  const [scheduleChecked, setScheduleChecked] = useState(false);
  const scheduling = schedule.mode !== "now";
  const whenProblem = scheduleChecked ? scheduleProblem(schedule, new Date()) : null;
  const [problem, setProblem] = useWordedMessage<FormProblem>();
  const [step, setStep] = useState<"compose" | "preview">("compose");
  const [summary, setSummary] = useState<{ preview: TCampaignPreview; values: FormOutput } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [templateLoading, setTemplateLoading] = useState(false);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const groupsLegendId = useId();
  const manualCountId = useId();

  const { control, handleSubmit, setError, setValue, watch, getValues, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(ZCreateCampaignRequest),
    defaultValues: {
      name: "",
      sender: "",
      purpose: "general",
      group_ids: [],
      manual_contacts: "",
      template_id: undefined,
      message: "",
      track_links: false,
    },
  });
  const serverErrors = useServerErrors(setError, FIELDS);
  const message = watch("message") ?? "";
  const purpose = (watch("purpose") ?? "general") as SendPurpose;
  const manual = watch("manual_contacts") ?? "";
  const trackLinks = watch("track_links") ?? false;
  const groupIds = (watch("group_ids") ?? []) as number[];
  const choices = useSenderChoices(purpose);
  const typed = parseManualContacts(manual);
  const groupContacts = (groups.data ?? [])
    .filter((g) => groupIds.includes(g.id))
    .reduce((sum, g) => sum + g.contact_count, 0);
  const estimate = groupContacts + typed.valid.length;

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = textarea.current;
    if (caret === null || !element) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  });

  // The preview starts with its heading focused, so a screen reader announces the change; back on
  // the form, focus returns to the first field in error, else to the Preview button.
  const previewButtonRef = useRef<HTMLDivElement | null>(null);
  const wasPreview = useRef(false);
  useEffect(() => {
    if (step === "preview") {
      wasPreview.current = true;
      headingRef.current?.focus();
      return;
    }
    if (!wasPreview.current) return;
    wasPreview.current = false;
    const form = previewButtonRef.current?.closest("form");
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? previewButtonRef.current?.querySelector<HTMLElement>("button[type=submit]"))?.focus();
  }, [step]);

  const insertTag = (tag: TemplateTag) => {
    const current = getValues("message") ?? "";
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    const edit = insertAtCaret(current, start, end, templateTag(tag), CAMPAIGN_MESSAGE_MAX_LENGTH);
    if (!edit) return;
    pendingCaret.current = edit.caret;
    setValue("message", edit.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const chooseTemplate = async (value: string) => {
    if (value === "") {
      setValue("template_id", undefined);
      return;
    }
    const id = Number(value);
    setValue("template_id", id);
    setTemplateLoading(true);
    try {
      const template = await fetchTemplate(id);
      setValue("message", template.message, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    } catch (error) {
      setValue("template_id", undefined);
      setProblem({ kind: "text", text: isApiError(error) ? error.message : t("compose.templateFailed") });
    } finally {
      setTemplateLoading(false);
    }
  };

  const toggleGroup = (id: number, checked: boolean) => {
    const next = checked ? [...groupIds, id] : groupIds.filter((g) => g !== id);
    setValue("group_ids", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const handleError = (error: unknown, where: "compose" | "preview") => {
    if (needsVerifiedPhone(error)) {
      setProblem({ kind: "phone" });
      return;
    }
    if (isApiError(error) && error.code === "INSUFFICIENT_CREDITS") {
      setProblem({ kind: "credits" });
      return;
    }
    const worded = serverErrors(error);
    const onField = isApiError(error) && (error.details?.length ?? 0) > 0;
    if (onField && where === "preview") setStep("compose");
    setProblem(worded ? { kind: "text", text: worded } : null);
  };

  const submitPreview = handleSubmit(async (values) => {
    setProblem(null);
    setScheduleChecked(true);
    if (scheduleProblem(schedule, new Date())) return;
    if (parseManualContacts(values.manual_contacts).overLimit) {
      setError("manual_contacts", { message: t("compose.manualLimit", { length: MANUAL_CONTACTS_LIMIT }) });
      return;
    }
    try {
      const answer = await preview.mutateAsync(values);
      setSummary({ preview: answer, values });
      setStep("preview");
    } catch (error) {
      handleError(error, "compose");
    }
  });

  const send = async () => {
    if (!summary) return;
    setProblem(null);
    try {
      const when = scheduleFields(schedule);
      if (when) {
        const scheduled = await createSchedule.mutateAsync({ ...summary.values, ...when });
        setConfirming(false);
        scheduledToast(scheduled);
        return;
      }
      const campaign = await create.mutateAsync(summary.values);
      setConfirming(false);
      toast.success(t("created", { name: campaign.name }), {
        action: {
          label: t("viewReport"),
          onClick: () => void navigate(lp(`/reports/campaigns/${campaign.id}`)),
        },
      });
      void navigate(lp("/messages"));
    } catch (error) {
      setConfirming(false);
      handleError(error, "preview");
    }
  };

  const noMarketingSender = choices.noMarketingSender;

  const alert =
    problem?.kind === "phone" ? (
      <VerifyPhoneAlert />
    ) : problem?.kind === "credits" ? (
      <FormAlert testId="insufficient-credits">
        <p>{t("insufficientCredits")}</p>
        <Link to={lp("/subscriptions")} className="font-semibold underline">
          {t("buyCredits")}
        </Link>
      </FormAlert>
    ) : (
      <FormAlert>{problem?.text}</FormAlert>
    );

  const steps = (
    <nav aria-label={t("steps.label")}>
      <ol className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {(["compose", "preview"] as const).map((key) => (
          <li
            key={key}
            aria-current={step === key ? "step" : undefined}
            className={step === key ? "font-semibold text-primary-700" : "text-gray-500"}
          >
            {t(`steps.${key}`)}
          </li>
        ))}
      </ol>
    </nav>
  );

  if (step === "preview" && summary) {
    return (
      <div className="space-y-5" data-testid="campaign-preview-step">
        {steps}
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 outline-none">
          {t("preview.title")}
        </h2>
        {alert}
        <ScheduleSummary value={schedule} />
        <CampaignPreview preview={summary.preview} values={summary.values} />
        <div className="flex flex-wrap gap-3">
          <Button
            onClick={() => setConfirming(true)}
            disabled={!summary.preview.enough_credits || summary.preview.recipients === 0}
            data-testid="campaign-send"
          >
            {scheduling ? t("confirm.scheduleSend") : t("preview.send")}
          </Button>
          <Button
            variant="light-gray"
            onClick={() => {
              setProblem(null);
              setStep("compose");
            }}
            data-testid="campaign-back"
          >
            {t("preview.back")}
          </Button>
        </div>
        <ConfirmDialog
          isOpen={confirming}
          title={scheduling ? t("confirm.scheduleTitle") : t("confirm.title")}
          body={
            scheduling
              ? t("confirm.scheduleBody", {
                  recipients: summary.preview.recipients.toLocaleString(),
                  credits: summary.preview.credits.toLocaleString(),
                })
              : t("confirm.body", {
                  count: summary.preview.recipients,
                  recipients: summary.preview.recipients.toLocaleString(),
                  credits: summary.preview.credits.toLocaleString(),
                })
          }
          confirmLabel={scheduling ? t("confirm.schedule") : t("confirm.send")}
          cancelLabel={t("confirm.cancel")}
          variant="primary"
          isPending={create.isPending || createSchedule.isPending}
          confirmTestId="campaign-confirm-send"
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      </div>
    );
  }

  return (
    <form
      onSubmit={submitPreview}
      noValidate
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="campaign-form"
    >
      <div className="min-w-0 space-y-5">
        {steps}
        {alert}
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("compose.name")}
              isRequired
              maxLength={CAMPAIGN_NAME_MAX_LENGTH}
              autoComplete="off"
              error={text(fieldState.error?.message)}
              data-testid="campaign-name"
            />
          )}
        />
        <SendPurposeFields
          control={control}
          choices={choices}
          testIdPrefix="campaign"
          errorText={text}
          sendAt={scheduledAt(schedule)}
        />
        <Controller
          control={control}
          name="group_ids"
          render={({ fieldState }) => {
            const error = text(fieldState.error?.message);
            return (
              <fieldset
                aria-labelledby={groupsLegendId}
                aria-invalid={error ? true : undefined}
                className="space-y-2"
                data-testid="campaign-groups"
              >
                <legend id={groupsLegendId} className="text-sm font-medium text-gray-800">
                  {t("compose.groups")}
                </legend>
                {groups.isPending ? (
                  <p aria-busy="true" className="text-sm text-gray-500">
                    {t("compose.groupsLoading")}
                  </p>
                ) : groups.isError ? (
                  <p className="text-sm text-red-700">
                    {t("compose.groupsFailed")}{" "}
                    <button
                      type="button"
                      className="font-semibold underline"
                      onClick={() => void groups.refetch()}
                    >
                      {t("compose.retry")}
                    </button>
                  </p>
                ) : groups.data.length === 0 ? (
                  <p className="text-sm text-gray-600">
                    {t("compose.noGroups")}{" "}
                    <Link to={lp("/contacts")} className="font-semibold text-primary-700 underline">
                      {t("compose.createGroup")}
                    </Link>
                  </p>
                ) : (
                  <ul className="max-h-56 space-y-1 overflow-y-auto rounded-md border border-gray-200 p-2">
                    {groups.data.map((group) => (
                      <li key={group.id}>
                        <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-gray-50">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary-600"
                            checked={groupIds.includes(group.id)}
                            onChange={(e) => toggleGroup(group.id, e.target.checked)}
                            data-testid={`campaign-group-${group.id}`}
                          />
                          <span className="min-w-0 flex-1 break-words">{group.name}</span>
                          <span className="text-xs text-gray-600">
                            {t("compose.groupCount", {
                              count: group.contact_count,
                              formatted: group.contact_count.toLocaleString(),
                            })}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
                {error ? (
                  <p className="text-sm text-red-700" role="alert" data-testid="campaign-groups-error">
                    * {error}
                  </p>
                ) : null}
              </fieldset>
            );
          }}
        />
        <Controller
          control={control}
          name="manual_contacts"
          render={({ field, fieldState }) => (
            <div>
              <Textarea
                {...field}
                label={t("compose.manual")}
                rows={4}
                maxLength={MANUAL_CONTACTS_MAX_CHARS}
                placeholder={"0812345678\n0898765432"}
                description={t("compose.manualHelp", { limit: MANUAL_CONTACTS_LIMIT.toLocaleString() })}
                error={text(fieldState.error?.message)}
                aria-describedby={manualCountId}
                data-testid="campaign-manual"
              />
              <p
                id={manualCountId}
                aria-live="polite"
                className={`mt-1 text-xs ${typed.overLimit ? "text-red-700" : "text-gray-600"}`}
                data-testid="campaign-manual-count"
              >
                {typed.overLimit
                  ? t("compose.manualLimit", { length: MANUAL_CONTACTS_LIMIT })
                  : t("compose.manualCount", {
                      valid: typed.valid.length,
                      invalid: typed.invalid.length,
                      duplicates: typed.duplicates.length,
                    })}
              </p>
            </div>
          )}
        />
        {templates.isSuccess && templates.data.length > 0 ? (
          <Controller
            control={control}
            name="template_id"
            render={({ field }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value === undefined ? "" : String(field.value)}
                onChange={(value) => void chooseTemplate(value)}
                label={t("compose.template")}
                placeholder={t("compose.noTemplate")}
                options={templates.data.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
                description={templateLoading ? t("compose.templateLoading") : t("compose.templateHelp")}
                aria-busy={templateLoading || undefined}
                data-testid="campaign-template"
              />
            )}
          />
        ) : null}
        <TagButtons onInsert={insertTag} />
        <Controller
          control={control}
          name="message"
          render={({ field, fieldState }) => (
            <Textarea
              {...field}
              ref={(element) => {
                field.ref(element);
                textarea.current = element;
              }}
              label={t("compose.message")}
              isRequired
              rows={6}
              maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
              showCounter
              description={t("compose.messageHelp")}
              error={text(fieldState.error?.message)}
              data-testid="campaign-message"
            />
          )}
        />
        <TrackLinksField control={control} message={message} testId="campaign-track-links" />
        <ScheduleFields value={schedule} onChange={setSchedule} problem={whenProblem} />
        <div ref={previewButtonRef} className="flex flex-wrap gap-3">
          <Button
            type="submit"
            isLoading={formState.isSubmitting}
            disabled={noMarketingSender}
            data-testid="campaign-preview"
          >
            {t("compose.preview")}
          </Button>
          <Link to={lp("/messages")} className={buttonClassName({ variant: "light-gray" })}>
            {t("compose.viewSent")}
          </Link>
        </div>
      </div>
      <SmsPreview
        message={countedText(message, trackLinks)}
        recipients={estimate}
        className="lg:sticky lg:top-4"
      />
    </form>
  );
}
