import {
  SENDER_ACCOUNT_TYPES,
  SENDER_DOCUMENT_KINDS,
  SENDER_DOCUMENTS_FOR,
  SENDER_LIMITS,
  SENDER_TYPES,
  type SenderAccountType,
  ZCreateSenderRequest,
} from "@sms/domain/contracts/senders";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  FormAlert,
  FormTextarea,
  TextInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateSender } from "../api/create-sender";
import { EvidenceUpload } from "./evidence-upload";

type FormInput = z.input<typeof ZCreateSenderRequest>;
type FormOutput = z.output<typeof ZCreateSenderRequest>;

const FIELDS = [
  "name",
  "company_name",
  "type",
  "account_type",
  "evidence_url",
  "evidence_documents",
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
 * /senders/create (spec §2, §3 Sender, §5): the name, company, type, account type, the evidence
 * (up to 5 documents uploaded first, each with what it is, and/or the website link), and an
 * example message. Staff then approve or block it within 1–3 working days. The company name is
 * asked of a juristic person only, and the documents offered are the account type's (review D20).
 */
export function SenderForm() {
  const { t } = useTranslation("senders");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const message = useMessageText();
  const create = useCreateSender();
  const { control, submit, formError, setValue, watch, clearErrors, formState } = useContractForm<
    FormInput,
    FormOutput
  >({
    contract: ZCreateSenderRequest,
    defaultValues: {
      name: "",
      company_name: "",
      example_message: "",
      evidence_url: "",
      evidence_documents: [],
    },
    fields: FIELDS,
    onValid: async (values) => {
      await create.mutateAsync({
        ...values,
        evidence_url: values.evidence_url ?? undefined,
      });
      toast.success(t("toast.created"));
      navigate(lp("/senders"));
    },
  });
  const accountType = watch("account_type") as SenderAccountType | undefined;
  const documentKinds = accountType ? SENDER_DOCUMENTS_FOR[accountType] : SENDER_DOCUMENT_KINDS;
  const validateAgain = { shouldValidate: formState.isSubmitted };

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
              if (next === "individual") clearErrors("company_name");
            }}
            error={message(fieldState.error?.message)}
          />
        )}
      />
      <fieldset
        className="space-y-4"
        aria-invalid={formState.errors.evidence_documents?.message ? true : undefined}
      >
        <legend className="text-sm font-medium text-gray-800">
          {t("form.evidence")}
          <span aria-hidden="true" className="ms-0.5 text-red-600">
            *
          </span>
        </legend>
        <p className="text-sm text-gray-600">{t("form.evidenceHint")}</p>
        <Controller
          control={control}
          name="evidence_documents"
          render={({ fieldState }) => (
            <EvidenceUpload
              kinds={documentKinds}
              showErrors={formState.isSubmitted}
              error={message(fieldState.error?.message)}
              onChange={(documents) =>
                setValue("evidence_documents", documents as FormInput["evidence_documents"], validateAgain)
              }
            />
          )}
        />
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
              maxLength={SENDER_LIMITS.websiteUrl}
              error={message(fieldState.error?.message)}
              onChange={(value) => {
                field.onChange(value);
                // A link is evidence too: the "no evidence" message goes with it.
                if (value.trim() !== "") clearErrors("evidence_documents");
              }}
            />
          )}
        />
      </fieldset>
      <FormTextarea
        control={control}
        name="example_message"
        label={t("form.exampleMessage")}
        description={t("form.exampleHint")}
        isRequired
        showCounter
        maxLength={SENDER_LIMITS.exampleMessage}
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
