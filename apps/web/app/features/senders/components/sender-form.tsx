import { zodResolver } from "@hookform/resolvers/zod";
import {
  SENDER_ACCOUNT_TYPES,
  SENDER_EVIDENCE_FOR,
  SENDER_EVIDENCE_TYPES,
  SENDER_LIMITS,
  SENDER_TYPES,
  type SenderAccountType,
  type SenderEvidenceType,
  ZCreateSenderRequest,
} from "@sms/domain/contracts/senders";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  FormAlert,
  Textarea,
  TextInput,
  useServerErrors,
  useWordedMessage,
} from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateSender } from "../api/create-sender";
import { useSenderMessage } from "../lib/messages";
import { EvidenceUpload } from "./evidence-upload";

type FormInput = z.input<typeof ZCreateSenderRequest>;
type FormOutput = z.output<typeof ZCreateSenderRequest>;

const FIELDS = [
  "name",
  "company_name",
  "type",
  "account_type",
  "evidence_type",
  "evidence_url",
  "evidence_file_ids",
  "example_message",
] as const;

interface ChoiceProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  value: T | undefined;
  label: (option: T) => string;
  onChange: (value: T) => void;
  error?: string | undefined;
  columns?: boolean;
}

/** A required radio group with its error under it. */
function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  label,
  onChange,
  error,
  columns,
}: ChoiceProps<T>) {
  return (
    <fieldset className="space-y-1" aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-gray-800">
        {legend}
        <span aria-hidden="true" className="ms-0.5 text-red-600">
          *
        </span>
      </legend>
      <div className={columns ? "grid gap-1 sm:grid-cols-2" : "flex flex-wrap gap-x-5"}>
        {options.map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-primary-700"
              data-testid={`${name}-${option}`}
            />
            {label(option)}
          </label>
        ))}
      </div>
      {error ? (
        <p className="text-sm text-red-600" data-testid="field-error">
          * {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * /senders/create (spec §2, §3 Sender, §5): the name, company, type, account type, the required
 * evidence choice (a website link, or 1–5 files uploaded first), and an example message. Staff
 * then approve or block it within 1–3 working days. The company name is asked of a juristic
 * person only, and the evidence offered is the account type's (review D20); several documents go
 * in as files of one request.
 */
export function SenderForm() {
  const { t } = useTranslation("senders");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const message = useSenderMessage();
  const create = useCreateSender();
  const [formError, setFormError] = useWordedMessage<string>();
  const { control, handleSubmit, setError, setValue, watch, clearErrors, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(ZCreateSenderRequest),
    defaultValues: {
      name: "",
      company_name: "",
      example_message: "",
      evidence_url: "",
      evidence_file_ids: [],
    },
  });
  const serverErrors = useServerErrors(setError, FIELDS);
  const evidence = watch("evidence_type") as SenderEvidenceType | undefined;
  const accountType = watch("account_type") as SenderAccountType | undefined;
  const evidenceOptions = accountType ? SENDER_EVIDENCE_FOR[accountType] : SENDER_EVIDENCE_TYPES;
  const validateAgain = { shouldValidate: formState.isSubmitted };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync({
        ...values,
        evidence_url: values.evidence_url ?? undefined,
      });
      toast.success(t("toast.created"));
      navigate(lp("/senders"));
    } catch (error) {
      setFormError(serverErrors(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-5" data-testid="sender-form">
      <p className="rounded-md bg-sky-50 p-3 text-sm text-sky-900" data-testid="approval-note">
        {t("form.approvalNote")}
      </p>
      <FormAlert>{formError}</FormAlert>
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            label={t("form.name")}
            description={t("form.nameHint")}
            isRequired
            maxLength={SENDER_LIMITS.name}
            autoComplete="off"
            spellCheck={false}
            error={message(fieldState.error?.message)}
          />
        )}
      />
      {accountType === "individual" ? null : (
        <Controller
          control={control}
          name="company_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              value={field.value ?? ""}
              label={t("form.companyName")}
              isRequired
              maxLength={SENDER_LIMITS.companyName}
              autoComplete="organization"
              error={message(fieldState.error?.message)}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="type"
        render={({ field, fieldState }) => (
          <Choice
            legend={t("form.type")}
            name="type"
            options={SENDER_TYPES}
            value={field.value}
            label={(o) => t(`type.${o}`)}
            onChange={field.onChange}
            error={message(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="account_type"
        render={({ field, fieldState }) => (
          <Choice
            legend={t("form.accountType")}
            name="account_type"
            options={SENDER_ACCOUNT_TYPES}
            value={field.value}
            label={(o) => t(`accountType.${o}`)}
            onChange={(next) => {
              field.onChange(next);
              // A document of the other account type is no longer offered: the choice starts again.
              if (evidence && !SENDER_EVIDENCE_FOR[next].includes(evidence)) {
                setValue("evidence_type", undefined as never, validateAgain);
              }
              if (next === "individual") clearErrors("company_name");
            }}
            error={message(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="evidence_type"
        render={({ field, fieldState }) => (
          <Choice
            legend={t("form.evidence")}
            name="evidence_type"
            options={evidenceOptions}
            value={field.value}
            label={(o) => t(`evidence.${o}`)}
            onChange={(next) => {
              field.onChange(next);
              // The other kind's field is hidden now: its message must not block the request unseen.
              clearErrors(next === "website" ? "evidence_file_ids" : "evidence_url");
            }}
            error={message(fieldState.error?.message)}
            columns
          />
        )}
      />
      {evidence === "website" ? (
        <Controller
          control={control}
          name="evidence_url"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              value={field.value ?? ""}
              type="url"
              label={t("form.websiteUrl")}
              description={t("form.websiteHint")}
              placeholder="https://"
              isRequired
              maxLength={SENDER_LIMITS.websiteUrl}
              error={message(fieldState.error?.message)}
            />
          )}
        />
      ) : null}
      {/* Kept mounted while another file kind is chosen, so switching kinds keeps the uploads. */}
      <div hidden={evidence === undefined || evidence === "website"}>
        <Controller
          control={control}
          name="evidence_file_ids"
          render={({ fieldState }) => (
            <EvidenceUpload
              error={message(fieldState.error?.message)}
              onChange={(ids) => setValue("evidence_file_ids", ids, validateAgain)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="example_message"
        render={({ field, fieldState }) => (
          <Textarea
            {...field}
            label={t("form.exampleMessage")}
            description={t("form.exampleHint")}
            isRequired
            showCounter
            maxLength={SENDER_LIMITS.exampleMessage}
            error={message(fieldState.error?.message)}
          />
        )}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={create.isPending} data-testid="sender-submit">
          {t("form.submit")}
        </Button>
        <Link to={lp("/senders")} className={buttonClassName({ variant: "gray" })}>
          {t("form.cancel")}
        </Link>
      </div>
    </form>
  );
}
