import { SEND_PURPOSES, type SendPurpose } from "@sms/domain/contracts/campaigns";
import { isAdvertisingDiscouraged, isDebtCollectionBlocked } from "@sms/domain/rules/compliance";
import { useEffect } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert, SelectField } from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useSendableSenders } from "../api/list-sendable-senders";
import { defaultSender, sendersFor } from "../lib/sender-choice";

/** The approved senders and which of them fit the purpose; shared by every sending form. */
export function useSenderChoices(purpose: SendPurpose) {
  const senders = useSendableSenders();
  const choices = sendersFor(senders.data ?? [], purpose);
  const noMarketingSender = purpose === "marketing" && senders.isSuccess && choices.length === 0;
  /** No own approved sender fits: free text needs one (ADR 32). */
  const noOwnSender = senders.isSuccess && choices.length === 0;
  return { senders, choices, noMarketingSender, noOwnSender };
}

export type SenderChoices = ReturnType<typeof useSenderChoices>;

type PurposeSenderValues = FieldValues & { purpose?: SendPurpose | undefined; sender?: string | undefined };

interface SendPurposeFieldsProps<T extends PurposeSenderValues> {
  control: Control<T>;
  choices: SenderChoices;
  /** The form's prefix of test ids (`<prefix>-purpose`, `<prefix>-sender`). */
  testIdPrefix: string;
  /** A zod message key (or server text) as text in the page's language. */
  errorText: (key: string | undefined) => string | undefined;
  /** When the send goes out: a chosen date and time, or now (undefined). */
  sendAt?: Date | undefined;
}

/**
 * Purpose and sender (spec §5, terms): the purpose with its legal hours as help, a warning when
 * advertising would go out between 00:00 and 06:00 Bangkok time, or debt collection outside its
 * hours (weekday and weekend rule; public holidays are the server's to judge), and the senders that
 * fit the purpose, the fitting one kept chosen. Used by the instant, campaign and file forms.
 */
export function SendPurposeFields<T extends PurposeSenderValues>({
  control,
  choices,
  testIdPrefix,
  errorText,
  sendAt,
}: SendPurposeFieldsProps<T>) {
  const { t } = useTranslation("messages");
  const lp = useLocalizedPath();
  const purposeField = useController({ control, name: "purpose" as Path<T> });
  const senderField = useController({ control, name: "sender" as Path<T> });
  const purpose = ((purposeField.field.value as SendPurpose | undefined) ?? "general") as SendPurpose;
  const sender = (senderField.field.value as string | undefined) ?? "";
  const { senders, choices: fitting, noOwnSender } = choices;

  // Keep a sender chosen that fits the purpose: an own approved sender (the shared default carries
  // only the OTP API's codes), an own marketing sender for marketing.
  const chosen = defaultSender(fitting, sender);
  const onSenderChange = senderField.field.onChange;
  useEffect(() => {
    if (chosen !== sender) onSenderChange(chosen);
  }, [chosen, sender, onSenderChange]);

  const at = sendAt ?? new Date();
  const quiet = purpose === "marketing" && isAdvertisingDiscouraged(at);
  const debtBlocked = purpose === "debt_collection" && isDebtCollectionBlocked(at, []);

  return (
    <>
      <SelectField
        ref={purposeField.field.ref}
        name={purposeField.field.name}
        onBlur={purposeField.field.onBlur}
        value={purpose}
        onChange={purposeField.field.onChange}
        label={t("sendFields.purpose")}
        isRequired
        options={SEND_PURPOSES.map((value) => ({ value, label: t(`purposes.${value}`) }))}
        description={
          <span data-testid={`${testIdPrefix}-purpose-help`}>{t(`sendFields.purposeHelp.${purpose}`)}</span>
        }
        error={errorText(purposeField.fieldState.error?.message)}
        data-testid={`${testIdPrefix}-purpose`}
      />
      {quiet ? (
        <FormAlert tone="warning" testId="quiet-hours-warning">
          {sendAt ? t("sendFields.quietHoursAt") : t("sendFields.quietHoursNow")}
        </FormAlert>
      ) : null}
      {debtBlocked ? (
        <FormAlert tone="warning" testId="debt-hours-warning">
          {sendAt ? t("sendFields.debtBlockedAt") : t("sendFields.debtBlockedNow")}
        </FormAlert>
      ) : null}
      <SelectField
        ref={senderField.field.ref}
        name={senderField.field.name}
        onBlur={senderField.field.onBlur}
        value={sender}
        onChange={senderField.field.onChange}
        label={t("sendFields.sender")}
        isRequired
        disabled={senders.isPending}
        options={fitting.map((s) => ({
          value: s.name,
          label: s.name,
        }))}
        placeholder={
          senders.isPending
            ? t("sendFields.sendersLoading")
            : fitting.length === 0
              ? t("sendFields.noSender")
              : undefined
        }
        description={
          purpose === "marketing" ? (
            <span data-testid="marketing-sender-help">
              {t("sendFields.marketingSenderHelp")}{" "}
              {noOwnSender ? (
                <Link to={lp("/senders/create")} className="font-semibold text-primary-700 underline">
                  {t("sendFields.requestSender")}
                </Link>
              ) : null}
            </span>
          ) : (
            <span>
              {t("sendFields.senderHelp")}{" "}
              {noOwnSender ? (
                <Link to={lp("/senders/create")} className="font-semibold text-primary-700 underline">
                  {t("sendFields.requestSender")}
                </Link>
              ) : null}
            </span>
          )
        }
        error={errorText(senderField.fieldState.error?.message)}
        data-testid={`${testIdPrefix}-sender`}
      />
      {senders.isError ? (
        <FormAlert>
          {t("sendFields.sendersFailed")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void senders.refetch()}>
            {t("sendFields.retry")}
          </button>
        </FormAlert>
      ) : null}
    </>
  );
}
