import { zodResolver } from "@hookform/resolvers/zod";
import {
  CAMPAIGN_MESSAGE_MAX_LENGTH,
  CAMPAIGN_NAME_MAX_LENGTH,
  type TFileCampaignPreview,
  ZFileCampaignForm,
} from "@sms/domain/contracts/campaigns";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  SelectField,
  TextInput,
  useMessageText,
  useServerErrors,
  useWordedMessage,
} from "~/components/form";
import { SUSPENDED_NOTICE_ID, SuspendedNotice, useCurrentUser, useSuspension } from "~/features/account";
import {
  ComposeForm,
  carriesOptOutLink,
  countedText,
  defaultSender,
  MessageFields,
  ReviewStep,
  type SendProblem,
  SendProblemAlert,
  SendPurposeFields,
  SendSteps,
  StepHeading,
  sendersFor,
  sendProblemOf,
  TemplatePicker,
  useCaretInsert,
  useRefreshAfterSend,
  useSenderChoices,
} from "~/features/messages";
import {
  DEFAULT_SCHEDULE,
  ScheduleFields,
  type ScheduleValue,
  scheduledAt,
  scheduleFields,
  scheduleFileCampaign,
  useScheduleChoice,
  useScheduledToast,
} from "~/features/schedules";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { isSupported } from "../lib/accepted-files";
import { phoneColumnChoices } from "../lib/columns";
import { fileCampaignDraft } from "../lib/draft";
import {
  type FileCampaignFieldsInput,
  fileCampaignFields,
  previewFileCampaign,
  sendFileCampaign,
} from "../lib/upload-file-campaign";
import { FileInput, FileSummary, FileTags } from "./file-parts";
import { FilePreview } from "./file-preview";
import { UploadProgress } from "./upload-progress";

/** The first read of a file needs a message; this one uses no column but the phone. */
const READING_MESSAGE = "{phone_number}";

/** The form's fields: the domain's rules for a file campaign's fields (DESIGN §5.2, ADR 72). */
const ZFileForm = ZFileCampaignForm;
type FormValues = z.input<typeof ZFileForm>;

const EMPTY_VALUES: FormValues = {
  name: "",
  sender: "",
  purpose: "general",
  message: "",
  phone_column: "",
  track_links: false,
  opt_out_link: true,
};

const FIELDS = [
  "name",
  "sender",
  "purpose",
  "message",
  "phone_column",
  "track_links",
  "opt_out_link",
] as const;
type Step = "file" | "compose" | "preview";

const STEPS: readonly Step[] = ["file", "compose", "preview"];

/**
 * A campaign from a file (spec §2 /messages/files, §5): 1. the purpose, sender and the CSV/XLSX
 * file, uploaded with its progress and read by the server (a dry run); 2. the phone column (chosen
 * among the file's columns) and the message with the file's columns as tags; 3. the server's
 * preview (recipients, invalid, repeated and suppressed numbers, parts, credits and balance), and
 * the review's one Send button (which says that invalid rows are skipped), then the campaign's
 * report. An unsent draft (the file, its reading, the fields) is given back on return (D36).
 */
export function FileCampaignForm() {
  const { t } = useTranslation("file-campaigns");
  const lp = useLocalizedPath();
  const locale = useLocale();
  const navigate = useNavigate();
  const refreshAfterSend = useRefreshAfterSend();
  const text = useMessageText();
  const [problem, setProblem] = useWordedMessage<SendProblem>();
  const [draft] = useState(() => fileCampaignDraft.take<FormValues, ScheduleValue>());
  const [step, setStep] = useState<Step>(draft ? "compose" : "file");
  const [file, setFile] = useState<File | null>(draft?.file ?? null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [reading, setReading] = useState<TFileCampaignPreview | null>(draft?.reading ?? null);
  const [columns, setColumns] = useState<string[]>(draft?.columns ?? []);
  const [summary, setSummary] = useState<{ preview: TFileCampaignPreview; values: FormValues } | null>(null);
  const [templateId, setTemplateId] = useState<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement | null>(null);

  const { control, handleSubmit, setError, setValue, getValues, watch, trigger, formState, reset } = useForm<
    FormValues,
    unknown,
    z.output<typeof ZFileForm>
  >({
    resolver: zodResolver(ZFileForm),
    defaultValues: draft?.values ?? EMPTY_VALUES,
  });
  const serverErrors = useServerErrors(setError, FIELDS);
  const purpose = watch("purpose") ?? "general";
  const message = watch("message") ?? "";
  const trackLinks = watch("track_links") ?? false;
  const optOutLink = watch("opt_out_link");
  const choices = useSenderChoices(purpose);
  const suspended = useSuspension("messages.send") !== null;
  const busy = progress !== null;
  const scheduledToast = useScheduledToast();
  const {
    schedule,
    setSchedule,
    scheduling,
    problem: whenProblem,
    check: checkSchedule,
  } = useScheduleChoice(draft?.schedule ?? DEFAULT_SCHEDULE);

  // Leaving with a file read but not sent keeps the draft for the way back (D36).
  const latest = useRef({ file, reading, columns, schedule, sent: false });
  latest.current = { ...latest.current, file, reading, columns, schedule };

  // The draft also survives a reload or a new tab (D36): stored in the browser for this account and
  // organization while it changes, and given back on arrival when this tab kept none.
  const { user, organizationId } = useCurrentUser();
  const owner = user ? `${user.id}:${organizationId ?? 0}` : null;
  const [resumed, setResumed] = useState(draft !== null);
  const [restoring, setRestoring] = useState(draft === null);
  useEffect(() => {
    if (!restoring || !owner) return;
    let current = true;
    void fileCampaignDraft.restore<FormValues, ScheduleValue>(owner).then((stored) => {
      if (!current) return;
      if (stored && !latest.current.file) {
        setFile(stored.file);
        setReading(stored.reading);
        setColumns(stored.columns);
        setSchedule(stored.schedule);
        reset(stored.values);
        setStep("compose");
        setResumed(true);
      }
      setRestoring(false);
    });
    return () => {
      current = false;
    };
  }, [restoring, owner, reset, setSchedule]);
  const valuesKey = JSON.stringify(watch());
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for the fields' values.
  useEffect(() => {
    if (restoring || !owner || !file || !reading || latest.current.sent) return;
    const timer = setTimeout(() => {
      if (latest.current.sent) return;
      void fileCampaignDraft.persist(owner, { file, reading, columns, values: getValues(), schedule });
    }, 300);
    return () => clearTimeout(timer);
  }, [restoring, owner, file, reading, columns, schedule, valuesKey, getValues]);
  const startOver = () => {
    fileCampaignDraft.clear();
    setResumed(false);
    setFile(null);
    setReading(null);
    setColumns([]);
    setSummary(null);
    setSchedule(DEFAULT_SCHEDULE);
    reset(EMPTY_VALUES);
    setProblem(null);
    setStep("file");
  };
  useEffect(
    () => () => {
      const now = latest.current;
      if (now.sent || !now.file || !now.reading) return;
      fileCampaignDraft.save({
        file: now.file,
        reading: now.reading,
        columns: now.columns,
        values: getValues(),
        schedule: now.schedule,
      });
    },
    [getValues],
  );

  const caret = useCaretInsert(
    () => getValues("message") ?? "",
    (value) => setValue("message", value, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
    CAMPAIGN_MESSAGE_MAX_LENGTH,
  );

  // Each step starts with its heading focused, so a screen reader announces the change.
  const shownStep = useRef<Step>(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  });

  const fieldsOf = (values: FormValues, messageText: string): FileCampaignFieldsInput => ({
    name: values.name,
    sender: values.sender ?? "",
    purpose: values.purpose ?? "general",
    message: messageText,
    phone_column: values.phone_column,
    track_links: values.track_links ?? false,
    opt_out_link: values.opt_out_link ?? true,
  });

  /** A server answer's problems: the file's on the file, fields' on their fields, the rest above the form. */
  const handleError = (error: unknown) => {
    const refused = sendProblemOf(error);
    if (refused) return setProblem(refused);
    const onFile = isApiError(error) ? error.details.find((d) => d.path === "file") : undefined;
    if (onFile) {
      setFileError(onFile.message);
      setStep("file");
      setProblem(null);
      return;
    }
    const worded = serverErrors(error);
    setProblem(worded ? { kind: "text", text: worded } : null);
  };

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setColumns([]);
    setValue("phone_column", "");
    setFileError(chosen && !isSupported(chosen) ? t("errors.unsupported") : null);
  };

  /** Uploads the file as a dry run to learn its columns, rows and tags (step 1, or another phone column). */
  const readFile = async (phoneColumn: string) => {
    setProblem(null);
    if (!file) return setFileError(t("errors.required"));
    if (!isSupported(file)) return setFileError(t("errors.unsupported"));
    // A click that came before the senders arrived (the select then shows the first one, which the
    // form only takes once they are loaded): take the same default now rather than refuse.
    const senders = choices.senders.data ?? (await choices.senders.refetch()).data ?? [];
    const current = getValues("sender") ?? "";
    const fitting = defaultSender(sendersFor(senders, getValues("purpose") ?? "general"), current);
    if (fitting !== current) setValue("sender", fitting);
    if (!(await trigger(["sender", "purpose"]))) return;
    setFileError(null);
    setProgress(0);
    try {
      const values = { ...getValues(), phone_column: phoneColumn };
      const answer = await previewFileCampaign(file, fieldsOf(values, READING_MESSAGE), locale, setProgress);
      setReading(answer);
      setColumns((known) => phoneColumnChoices(known, answer));
      setValue("phone_column", phoneColumn === "" ? "" : (answer.phone_column ?? phoneColumn));
      setStep("compose");
    } catch (error) {
      handleError(error);
    } finally {
      setProgress(null);
    }
  };

  const submitPreview = handleSubmit(async (values) => {
    setProblem(null);
    const timeOk = checkSchedule();
    if (!file || !timeOk) return;
    setProgress(0);
    try {
      const answer = await previewFileCampaign(file, fieldsOf(values, values.message), locale, setProgress);
      setSummary({ preview: answer, values });
      setStep("preview");
    } catch (error) {
      handleError(error);
    } finally {
      setProgress(null);
    }
  });

  const idempotencyKey = useRef<string | null>(null);
  const send = async () => {
    if (!summary || !file) return;
    setProblem(null);
    idempotencyKey.current ??= crypto.randomUUID();
    setProgress(0);
    try {
      const when = scheduleFields(schedule);
      if (when) {
        const fields = {
          ...fileCampaignFields(fieldsOf(summary.values, summary.values.message ?? "")),
          ...when,
        };
        const scheduled = await scheduleFileCampaign(file, fields, locale, setProgress);
        idempotencyKey.current = null;
        latest.current.sent = true;
        fileCampaignDraft.clear();
        scheduledToast(scheduled);
        return;
      }
      const campaign = await sendFileCampaign(
        file,
        fieldsOf(summary.values, summary.values.message ?? ""),
        locale,
        setProgress,
        idempotencyKey.current,
      );
      idempotencyKey.current = null;
      latest.current.sent = true;
      fileCampaignDraft.clear();
      refreshAfterSend({ campaign: true });
      const report = lp(`/reports/campaigns/${campaign.id}`);
      // The report shows the progress; the toast needs no link to the page it opens (D41).
      toast.success(t("created", { name: campaign.name }));
      void navigate(report);
    } catch (error) {
      if (isApiError(error) && error.details.some((d) => (FIELDS as readonly string[]).includes(d.path)))
        setStep("compose");
      handleError(error);
    } finally {
      setProgress(null);
    }
  };

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

  const heading = <StepHeading headingRef={headingRef}>{t(`headings.${step}`)}</StepHeading>;

  if (step === "preview" && summary && file) {
    return (
      <ReviewStep
        testId="file-preview-step"
        steps={steps}
        heading={heading}
        alert={alert}
        schedule={schedule}
        actions={{
          scheduling,
          recipients: summary.preview.recipients,
          credits: summary.preview.credits,
          skipped: summary.preview.invalid,
          disabled: !summary.preview.enough_credits || summary.preview.recipients === 0 || busy,
          pending: busy,
          onSend: () => void send(),
          onBack: () => {
            setProblem(null);
            setStep("compose");
          },
          testIds: { send: "file-send", back: "file-back" },
        }}
      >
        <FilePreview preview={summary.preview} values={summary.values} />
        {busy ? <UploadProgress name={file.name} fraction={progress ?? 0} /> : null}
      </ReviewStep>
    );
  }

  if (step === "compose" && reading && file) {
    return (
      <ComposeForm
        onSubmit={submitPreview}
        testId="file-compose"
        counted={countedText(message, trackLinks, carriesOptOutLink(purpose, optOutLink))}
        recipients={reading.recipients}
      >
        {steps}
        {heading}
        {alert}
        <FileSummary
          reading={reading}
          resumed={resumed}
          onStartOver={startOver}
          onAnother={() => {
            setProblem(null);
            setStep("file");
          }}
        />
        {reading.phone_column === null ? (
          <p className="text-sm text-gray-700" data-testid="file-no-header">
            {t("mapping.noHeader")}
          </p>
        ) : (
          <Controller
            control={control}
            name="phone_column"
            render={({ field, fieldState }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value || (reading.phone_column ?? "")}
                onChange={(value) => void readFile(value === reading.phone_column ? "" : value)}
                label={t("mapping.phoneColumn")}
                isRequired
                disabled={busy}
                options={columns.map((column) => ({ value: column, label: column }))}
                description={t("mapping.phoneColumnHelp")}
                error={text(fieldState.error?.message)}
                data-testid="file-phone-column"
              />
            )}
          />
        )}
        {busy ? <UploadProgress name={file.name} fraction={progress ?? 0} /> : null}
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("compose.name")}
              maxLength={CAMPAIGN_NAME_MAX_LENGTH}
              autoComplete="off"
              placeholder={reading.file_name}
              description={t("compose.nameHelp")}
              error={text(fieldState.error?.message)}
              data-testid="file-name"
            />
          )}
        />
        <FileTags tags={reading.tags} onInsert={caret.insert} />
        <TemplatePicker
          value={templateId}
          onChoose={(choice) => {
            setTemplateId(choice?.id);
            if (choice) setValue("message", choice.message, { shouldValidate: formState.isSubmitted });
          }}
          onError={(problemText) => setProblem({ kind: "text", text: problemText })}
          testId="file-template"
        />
        <MessageFields
          control={control}
          message={message}
          trackLinks={trackLinks}
          purpose={purpose}
          optOutLink={optOutLink}
          label={t("compose.message")}
          description={t("compose.messageHelp")}
          maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
          recipients={reading.recipients}
          errorText={text}
          textareaRef={caret.textareaRef}
          testIdPrefix="file"
        />
        <ScheduleFields value={schedule} onChange={setSchedule} problem={whenProblem} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={busy} data-testid="file-preview">
            {t("compose.preview")}
          </Button>
        </div>
      </ComposeForm>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void readFile(getValues("phone_column") ?? "");
      }}
      noValidate
      className="max-w-2xl space-y-5"
      data-testid="file-form"
    >
      {steps}
      {alert}
      <SendPurposeFields
        control={control}
        choices={choices}
        testIdPrefix="file"
        errorText={text}
        sendAt={scheduledAt(schedule)}
      />
      <FileInput file={file} error={fileError} disabled={busy} onChoose={choose} />
      {busy && file ? <UploadProgress name={file.name} fraction={progress ?? 0} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          isLoading={busy}
          disabled={choices.noMarketingSender || suspended}
          aria-describedby={suspended ? SUSPENDED_NOTICE_ID : undefined}
          data-testid="file-upload"
        >
          {t("file.upload")}
        </Button>
        <SuspendedNotice action="messages.send" />
        <Link to={lp("/reports/campaigns")} className={buttonClassName({ variant: "light-gray" })}>
          {t("viewCampaigns")}
        </Link>
      </div>
    </form>
  );
}
