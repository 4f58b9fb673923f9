import { zodResolver } from "@hookform/resolvers/zod";
import {
  CAMPAIGN_MESSAGE_MAX_LENGTH,
  SEND_PURPOSES,
  type SendPurpose,
  ZSendMessageRequest,
} from "@sms/domain/contracts/campaigns";
import { isAdvertisingDiscouraged } from "@sms/domain/rules/compliance";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  FormAlert,
  TEL_MAX_LENGTH,
  Textarea,
  TextInput,
  useServerErrors,
  useWordedMessage,
} from "~/components/form";
import { SmsPreview } from "~/features/templates";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { useSendableSenders } from "../api/list-sendable-senders";
import { useSendMessage } from "../api/send-message";
import { useSendMessageText } from "../lib/messages";
import { defaultSender, sendersFor } from "../lib/sender-choice";
import { SelectField } from "./select-field";

type FormInput = z.input<typeof ZSendMessageRequest>;
type FormOutput = z.output<typeof ZSendMessageRequest>;

const FIELDS = ["phone_number", "sender", "message", "purpose"] as const;

type FormProblem = { kind: "credits" } | { kind: "text"; text: string };

/**
 * The instant message (spec §2 /messages/instant, §5): one number, an approved sender that fits the
 * purpose (marketing needs the organization's own marketing sender), the purpose with its legal
 * hours as help, the text with the live count of characters, parts and credits (SmsPreview), and
 * the server's answer: a toast when sent, its field errors under the fields, or "not enough credits"
 * with the way to buy more.
 */
export function InstantMessageForm() {
  const { t } = useTranslation("messages");
  const lp = useLocalizedPath();
  const message = useSendMessageText();
  const send = useSendMessage();
  const senders = useSendableSenders();
  const [problem, setProblem] = useWordedMessage<FormProblem>();
  const { control, handleSubmit, setError, setValue, watch, reset, getValues, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(ZSendMessageRequest),
    defaultValues: { phone_number: "", sender: "", message: "", purpose: "general" },
  });
  const serverErrors = useServerErrors(setError, FIELDS);
  const text = watch("message") ?? "";
  const purpose = (watch("purpose") ?? "general") as SendPurpose;
  const sender = watch("sender") ?? "";
  const choices = sendersFor(senders.data ?? [], purpose);

  // Keep a sender chosen that fits the purpose: the shared default for general and debt
  // collection, the organization's own marketing sender for marketing.
  const fitting = defaultSender(choices, sender);
  useEffect(() => {
    if (fitting !== getValues("sender"))
      setValue("sender", fitting, { shouldValidate: formState.isSubmitted });
  }, [fitting, getValues, setValue, formState.isSubmitted]);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await send.mutateAsync(values);
      toast.success(t("instant.sent"));
      reset({ ...getValues(), phone_number: "", message: "" });
    } catch (error) {
      if (isApiError(error) && error.code === "INSUFFICIENT_CREDITS") {
        setProblem({ kind: "credits" });
        return;
      }
      const text = serverErrors(error);
      setProblem(text ? { kind: "text", text } : null);
    }
  });

  const purposeHelp: Record<SendPurpose, string> = {
    general: t("instant.purposeHelp.general"),
    marketing: t("instant.purposeHelp.marketing"),
    debt_collection: t("instant.purposeHelp.debt_collection"),
  };
  const quietNow = purpose === "marketing" && isAdvertisingDiscouraged(new Date());
  const noMarketingSender = purpose === "marketing" && senders.isSuccess && choices.length === 0;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="instant-message-form"
    >
      <div className="min-w-0 space-y-5">
        {problem?.kind === "credits" ? (
          <FormAlert testId="insufficient-credits">
            <p>{t("instant.insufficientCredits")}</p>
            <Link to={lp("/subscriptions")} className="font-semibold underline">
              {t("instant.buyCredits")}
            </Link>
          </FormAlert>
        ) : (
          <FormAlert>{problem?.text}</FormAlert>
        )}
        <Controller
          control={control}
          name="phone_number"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              type="tel"
              label={t("instant.phone")}
              isRequired
              maxLength={TEL_MAX_LENGTH}
              placeholder="0812345678"
              autoComplete="off"
              description={t("instant.phoneHelp")}
              error={message(fieldState.error?.message)}
              data-testid="instant-phone"
            />
          )}
        />
        <Controller
          control={control}
          name="purpose"
          render={({ field, fieldState }) => (
            <SelectField
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value ?? "general"}
              onChange={field.onChange}
              label={t("instant.purpose")}
              isRequired
              options={SEND_PURPOSES.map((value) => ({ value, label: t(`purposes.${value}`) }))}
              description={<span data-testid="purpose-help">{purposeHelp[purpose]}</span>}
              error={message(fieldState.error?.message)}
              data-testid="instant-purpose"
            />
          )}
        />
        {quietNow ? (
          <FormAlert tone="warning" testId="quiet-hours-warning">
            {t("instant.quietHoursNow")}
          </FormAlert>
        ) : null}
        <Controller
          control={control}
          name="sender"
          render={({ field, fieldState }) => (
            <SelectField
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value ?? ""}
              onChange={field.onChange}
              label={t("instant.sender")}
              isRequired
              disabled={senders.isPending}
              options={choices.map((s) => ({
                value: s.name,
                label: s.shared ? t("instant.sharedSender", { name: s.name }) : s.name,
              }))}
              placeholder={
                senders.isPending
                  ? t("instant.sendersLoading")
                  : choices.length === 0
                    ? t("instant.noSender")
                    : undefined
              }
              description={
                purpose === "marketing" ? (
                  <span data-testid="marketing-sender-help">
                    {t("instant.marketingSenderHelp")}{" "}
                    {noMarketingSender ? (
                      <Link to={lp("/senders/create")} className="font-semibold text-primary-700 underline">
                        {t("instant.requestSender")}
                      </Link>
                    ) : null}
                  </span>
                ) : (
                  t("instant.senderHelp")
                )
              }
              error={message(fieldState.error?.message)}
              data-testid="instant-sender"
            />
          )}
        />
        {senders.isError ? (
          <FormAlert>
            {t("instant.sendersFailed")}{" "}
            <button type="button" className="font-semibold underline" onClick={() => void senders.refetch()}>
              {t("instant.retry")}
            </button>
          </FormAlert>
        ) : null}
        <Controller
          control={control}
          name="message"
          render={({ field, fieldState }) => (
            <Textarea
              {...field}
              label={t("instant.message")}
              isRequired
              rows={6}
              maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
              showCounter
              description={t("instant.messageHelp")}
              error={message(fieldState.error?.message)}
              data-testid="instant-message"
            />
          )}
        />
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            isLoading={formState.isSubmitting}
            disabled={noMarketingSender}
            data-testid="instant-submit"
          >
            {t("instant.send")}
          </Button>
          <Link to={lp("/messages")} className={buttonClassName({ variant: "light-gray" })}>
            {t("instant.viewSent")}
          </Link>
        </div>
      </div>
      <SmsPreview message={text} recipients={1} className="lg:sticky lg:top-4" />
    </form>
  );
}
