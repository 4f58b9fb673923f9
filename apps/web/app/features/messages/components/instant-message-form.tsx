import {
  CAMPAIGN_MESSAGE_MAX_LENGTH,
  type SendPurpose,
  ZSendMessageRequest,
} from "@sms/domain/contracts/campaigns";
import { findTemplateTags } from "@sms/domain/rules/template-tags";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  FormAlert,
  TEL_MAX_LENGTH,
  TextInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { SUSPENDED_NOTICE_ID, SuspendedNotice, useSuspension } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";
import { useSendMessage } from "../api/send-message";
import {
  ComposeForm,
  carriesOptOutLink,
  MessageFields,
  type SendProblem,
  SendProblemAlert,
  sendProblemOf,
} from "./send-parts";
import { SendPurposeFields, useSenderChoices } from "./send-purpose-fields";
import { TemplatePicker } from "./template-picker";
import { countedText } from "./track-links-field";

type FormInput = z.input<typeof ZSendMessageRequest>;
type FormOutput = z.output<typeof ZSendMessageRequest>;

const FIELDS = ["phone_number", "sender", "message", "purpose"] as const;

/**
 * The instant message (spec §2 /messages/instant, §5): one number, an approved sender that fits the
 * purpose (marketing needs the organization's own marketing sender), the purpose with its legal
 * hours as help, a template to start from (D31), the text with the live count of characters, parts
 * and credits (MessageTextField, SmsPreview), and
 * the server's answer: a toast when sent, its field errors under the fields, or "not enough credits"
 * with the way to buy more.
 */
export function InstantMessageForm() {
  const { t } = useTranslation("messages");
  const lp = useLocalizedPath();
  const message = useMessageText();
  const send = useSendMessage();
  const [templateId, setTemplateId] = useState<number | undefined>(undefined);
  const {
    control,
    submit,
    formError: problem,
    setFormError: setProblem,
    setValue,
    watch,
    formState,
  } = useContractForm<FormInput, FormOutput, SendProblem>({
    contract: ZSendMessageRequest,
    defaultValues: {
      phone_number: "",
      sender: "",
      message: "",
      purpose: "general",
      track_links: false,
      opt_out_link: true,
    },
    fields: FIELDS,
    onValid: async (values, { reset, getValues }) => {
      await send.mutateAsync(values);
      toast.success(t("instant.sent"));
      reset({ ...getValues(), phone_number: "", message: "" });
    },
    // A refusal the sender can act on (verify the phone, buy credits) comes with its way out.
    formErrorOf: (error, text) => sendProblemOf(error) ?? (text ? { kind: "text", text } : null),
  });
  const text = watch("message") ?? "";
  const purpose = (watch("purpose") ?? "general") as SendPurpose;
  const trackLinks = watch("track_links") ?? false;
  const optOutLink = watch("opt_out_link");
  const choices = useSenderChoices(purpose);
  const tags = [
    ...new Set(
      findTemplateTags(text)
        .filter((tag) => tag.known)
        .map((tag) => tag.text),
    ),
  ];
  const hasTags = tags.length > 0;

  const noMarketingSender = choices.noMarketingSender;
  const suspension = useSuspension("messages.send");

  return (
    <ComposeForm
      onSubmit={submit}
      testId="instant-message-form"
      counted={countedText(text, trackLinks, carriesOptOutLink(purpose, optOutLink))}
      recipients={1}
      sample={null}
    >
      <SendProblemAlert
        problem={problem}
        insufficientCredits={t("instant.insufficientCredits")}
        buyCredits={t("instant.buyCredits")}
      />
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
      <SendPurposeFields control={control} choices={choices} testIdPrefix="instant" errorText={message} />
      <TemplatePicker
        value={templateId}
        onChoose={(choice) => {
          setTemplateId(choice?.id);
          if (choice) setValue("message", choice.message, { shouldValidate: formState.isSubmitted });
        }}
        onError={(text) => setProblem({ kind: "text", text })}
        testId="instant-template"
      />
      <MessageFields
        control={control}
        message={text}
        trackLinks={trackLinks}
        purpose={purpose}
        optOutLink={optOutLink}
        label={t("instant.message")}
        description={t("instant.messageHelp")}
        maxLength={CAMPAIGN_MESSAGE_MAX_LENGTH}
        recipients={1}
        literal
        errorText={message}
        testIdPrefix="instant"
        between={
          hasTags ? (
            <FormAlert tone="warning" testId="instant-tags-warning">
              {t("instant.tagsAsWritten", { tags: tags.join(" ") })}
            </FormAlert>
          ) : null
        }
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          isLoading={formState.isSubmitting}
          disabled={noMarketingSender || suspension !== null}
          aria-describedby={suspension ? SUSPENDED_NOTICE_ID : undefined}
          data-testid="instant-submit"
        >
          {t("instant.send")}
        </Button>
        <Link to={lp("/messages")} className={buttonClassName({ variant: "light-gray" })}>
          {t("instant.viewSent")}
        </Link>
        <SuspendedNotice action="messages.send" />
      </div>
    </ComposeForm>
  );
}
