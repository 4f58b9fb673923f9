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
import { type TemplateTag, templateTag, withFallback } from "@sms/domain/rules/template-tags";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  FormTextarea,
  TextInput,
  useMessageText,
  useServerErrors,
  useWordedMessage,
} from "~/components/form";
import { SUSPENDED_NOTICE_ID, SuspendedNotice, useSuspension } from "~/features/account";
import {
  ComposeForm,
  carriesOptOutLink,
  countedText,
  MessageFields,
  ReviewStep,
  SendPreview,
  type SendProblem,
  SendProblemAlert,
  SendPurposeFields,
  SendSteps,
  StepHeading,
  sendProblemOf,
  TemplatePicker,
  useCaretInsert,
  useSenderChoices,
} from "~/features/messages";
import {
  ScheduleFields,
  scheduledAt,
  scheduleFields,
  useCreateSchedule,
  useScheduleChoice,
  useScheduledToast,
} from "~/features/schedules";
import { TagButtons } from "~/features/templates";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateCampaign } from "../api/create-campaign";
import { useCampaignGroups } from "../api/list-groups";
import { usePreviewCampaign } from "../api/preview-campaign";
import { InvalidNumbers } from "./invalid-numbers";

type FormInput = z.input<typeof ZCreateCampaignRequest>;
type Step = "compose" | "preview";
const STEPS: readonly Step[] = ["compose", "preview"];
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

/**
 * The campaign (spec §2 /messages/campaigns, §3 Campaign, §5): step 1 composes it (name, purpose,
 * a sender fitting the purpose, contact groups and typed numbers counted live, a template or a
 * message with tag buttons and the live count); step 2 shows the server's preview (recipients,
 * the groups by name, dropped numbers, parts, credits and balance, warnings, the first recipient's
 * text) and its Send button is the one confirmation (D33); the send lands on its report (D34).
 */
export function CampaignForm() {
  const { t } = useTranslation("campaigns");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const text = useMessageText();
  const groups = useCampaignGroups();
  const preview = usePreviewCampaign();
  const create = useCreateCampaign();
  const createSchedule = useCreateSchedule();
  const scheduledToast = useScheduledToast();
  const {
    schedule,
    setSchedule,
    scheduling,
    problem: whenProblem,
    check: checkSchedule,
  } = useScheduleChoice();
  const [problem, setProblem] = useWordedMessage<SendProblem>();
  const [step, setStep] = useState<Step>("compose");
  const [summary, setSummary] = useState<{ preview: TCampaignPreview; values: FormOutput } | null>(null);
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
      opt_out_link: true,
    },
  });
  const serverErrors = useServerErrors(setError, FIELDS);
  const message = watch("message") ?? "";
  const purpose = (watch("purpose") ?? "general") as SendPurpose;
  const manual = watch("manual_contacts") ?? "";
  const trackLinks = watch("track_links") ?? false;
  const optOutLink = watch("opt_out_link");
  const groupIds = (watch("group_ids") ?? []) as number[];
  const choices = useSenderChoices(purpose);
  const suspended = useSuspension("messages.send") !== null;
  const typed = parseManualContacts(manual);
  const groupContacts = (groups.data ?? [])
    .filter((g) => groupIds.includes(g.id))
    .reduce((sum, g) => sum + g.contact_count, 0);
  const estimate = groupContacts + typed.valid.length;

  const caret = useCaretInsert(
    () => getValues("message") ?? "",
    (value) => setValue("message", value, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
    CAMPAIGN_MESSAGE_MAX_LENGTH,
  );

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

  const insertTag = (tag: TemplateTag) => caret.insert(templateTag(tag));

  const chooseTemplate = (choice: { id: number; message: string } | null) => {
    setValue("template_id", choice?.id);
    if (choice) {
      setValue("message", choice.message, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };

  const toggleGroup = (id: number, checked: boolean) => {
    const next = checked ? [...groupIds, id] : groupIds.filter((g) => g !== id);
    setValue("group_ids", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const handleError = (error: unknown, where: "compose" | "preview") => {
    const refused = sendProblemOf(error);
    if (refused) return setProblem(refused);
    const worded = serverErrors(error);
    const onField = isApiError(error) && (error.details?.length ?? 0) > 0;
    if (onField && where === "preview") setStep("compose");
    setProblem(worded ? { kind: "text", text: worded } : null);
  };

  const review = async (values: FormOutput) => {
    try {
      const answer = await preview.mutateAsync(values);
      setSummary({ preview: answer, values });
      setStep("preview");
    } catch (error) {
      handleError(error, "compose");
    }
  };

  const submitPreview = handleSubmit(async (values) => {
    setProblem(null);
    if (!checkSchedule()) return;
    if (parseManualContacts(values.manual_contacts).overLimit) {
      setError("manual_contacts", { message: t("compose.manualLimit", { length: MANUAL_CONTACTS_LIMIT }) });
      return;
    }
    await review(values);
  });

  /** The review's fix for empty first names: "{first_name|ลูกค้า}", then the review again. */
  const addFallback = () => {
    if (!summary) return;
    const next = withFallback(summary.values.message ?? "", "first_name", t("preview.fallbackWord"));
    setValue("message", next, { shouldDirty: true });
    void review({ ...summary.values, message: next });
  };

  const send = async () => {
    if (!summary) return;
    setProblem(null);
    try {
      const when = scheduleFields(schedule);
      if (when) {
        const scheduled = await createSchedule.mutateAsync({ ...summary.values, ...when });
        scheduledToast(scheduled);
        return;
      }
      const campaign = await create.mutateAsync(summary.values);
      // The report shows the progress; the toast needs no link to the page it opens (D34, D41).
      toast.success(t("created", { name: campaign.name }));
      void navigate(lp(`/reports/campaigns/${campaign.id}`));
    } catch (error) {
      handleError(error, "preview");
    }
  };

  const noMarketingSender = choices.noMarketingSender;

  const alert = (
    <SendProblemAlert
      problem={problem}
      insufficientCredits={t("insufficientCredits")}
      buyCredits={t("buyCredits")}
    />
  );

  const steps = (
    <SendSteps steps={STEPS} current={step} label={t("steps.label")} name={(key) => t(`steps.${key}`)} />
  );

  if (step === "preview" && summary) {
    const chosenGroups = (groups.data ?? []).filter((g) => summary.values.group_ids.includes(g.id));
    const typedKept = parseManualContacts(summary.values.manual_contacts).valid.length;
    const sourceRows = [
      ...(chosenGroups.length > 0
        ? [{ key: "groups", label: t("preview.groups"), value: chosenGroups.map((g) => g.name).join(", ") }]
        : []),
      ...(typedKept > 0
        ? [{ key: "typed", label: t("preview.typed"), value: typedKept.toLocaleString() }]
        : []),
    ];
    const pending = create.isPending || createSchedule.isPending || preview.isPending;
    return (
      <ReviewStep
        testId="campaign-preview-step"
        steps={steps}
        heading={<StepHeading headingRef={headingRef}>{t("preview.title")}</StepHeading>}
        alert={alert}
        schedule={schedule}
        actions={{
          scheduling,
          recipients: summary.preview.recipients,
          credits: summary.preview.credits,
          disabled: !summary.preview.enough_credits || summary.preview.recipients === 0,
          pending,
          onSend: () => void send(),
          onBack: () => {
            setProblem(null);
            setStep("compose");
          },
          testIds: { send: "campaign-send", back: "campaign-back" },
        }}
      >
        <SendPreview
          preview={summary.preview}
          values={summary.values}
          sourceRows={sourceRows}
          onAddFallback={addFallback}
        />
      </ReviewStep>
    );
  }

  return (
    <ComposeForm
      onSubmit={submitPreview}
      testId="campaign-form"
      counted={countedText(message, trackLinks, carriesOptOutLink(purpose, optOutLink))}
      recipients={estimate}
    >
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
      <div>
        <FormTextarea
          control={control}
          name="manual_contacts"
          label={t("compose.manual")}
          rows={4}
          maxLength={MANUAL_CONTACTS_MAX_CHARS}
          placeholder={"0812345678\n0898765432"}
          description={t("compose.manualHelp", { limit: MANUAL_CONTACTS_LIMIT.toLocaleString() })}
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
        <InvalidNumbers invalid={typed.invalid} />
      </div>
      <Controller
        control={control}
        name="template_id"
        render={({ field }) => (
          <TemplatePicker
            value={field.value as number | undefined}
            onChoose={chooseTemplate}
            onError={(text) => setProblem({ kind: "text", text })}
            testId="campaign-template"
          />
        )}
      />
      <TagButtons onInsert={insertTag} />
      <MessageFields
        control={control}
        message={message}
        trackLinks={trackLinks}
        purpose={purpose}
        optOutLink={optOutLink}
        label={t("compose.message")}
        description={t("compose.messageHelp")}
        maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
        recipients={estimate}
        errorText={text}
        textareaRef={caret.textareaRef}
        testIdPrefix="campaign"
      />
      <ScheduleFields value={schedule} onChange={setSchedule} problem={whenProblem} />
      <div ref={previewButtonRef} className="flex flex-wrap gap-3">
        <Button
          type="submit"
          isLoading={formState.isSubmitting}
          disabled={noMarketingSender || suspended}
          aria-describedby={suspended ? SUSPENDED_NOTICE_ID : undefined}
          data-testid="campaign-preview"
        >
          {t("compose.preview")}
        </Button>
        <Link to={lp("/messages")} className={buttonClassName({ variant: "light-gray" })}>
          {t("compose.viewSent")}
        </Link>
        <SuspendedNotice action="messages.send" />
      </div>
    </ComposeForm>
  );
}
