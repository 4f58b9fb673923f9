import {
  CONSENT_STATEMENT_MAX_LENGTH,
  type TCreateContactBody,
  type TCreateContactRequest,
  ZContactPhone,
  ZCreateContactRequest,
} from "@sms/domain/contracts/contacts";
import { PERSON_NAME_MAX_LENGTH } from "@sms/domain/rules/person-name";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  Button,
  FormAlert,
  FormTextarea,
  TextInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { useConsentWording } from "../api/consent-wording";

const FIELDS = ["first_name", "last_name", "phone_number", "consent_statement"] as const;

export interface ContactFormProps {
  /** The number in the local form when editing. */
  initial?: { first_name: string; last_name: string; phone_number: string };
  submitLabel: string;
  isPending: boolean;
  /** Receives the number in the 66 form; a rejected promise's API error lands on the fields. */
  onSubmit: (values: TCreateContactBody) => Promise<unknown>;
  /** Beside the submit button, e.g. Cancel. */
  secondary?: ReactNode;
  autoFocus?: boolean;
}

/** Whether two typed numbers are one number (0812345678, 66812345678, 081-234-5678…). */
function sameNumber(a: string, b: string): boolean {
  const x = ZContactPhone.safeParse(a);
  const y = ZContactPhone.safeParse(b);
  return x.success && y.success ? x.data === y.data : a.trim() === b.trim();
}

/**
 * First name, last name and a Thai mobile phone number, checked with the same rules as the API.
 * What the number's owner agreed to is asked when a contact is added, and when editing only once the
 * number changes: a new number is a new consent, recorded by the server with it (ADR 94). It starts
 * as the organization's consent wording and may not be left blank (ADR 108); the server records the
 * wording's version when the text is left as it is.
 */
export function ContactForm({
  initial,
  submitLabel,
  isPending,
  onSubmit,
  secondary,
  autoFocus,
}: ContactFormProps) {
  const { t } = useTranslation("contacts");
  const message = useMessageText();
  const wordingQuery = useConsentWording();
  const wording = wordingQuery.data;
  // A submit pressed before the wording arrived is held, not refused as blank: it goes on with it.
  const [held, setHeld] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { control, submit, formError, setValue, getValues, getFieldState, formState } = useContractForm<
    TCreateContactRequest,
    TCreateContactBody
  >({
    contract: ZCreateContactRequest,
    // A contact added here opted in through this form (ADR 94); so does a number changed here.
    defaultValues: {
      first_name: "",
      last_name: "",
      phone_number: "",
      ...initial,
      consent_source: "form",
      consent_statement: "",
    },
    fields: FIELDS,
    onValid: async (values) => {
      await onSubmit(values);
    },
  });
  // The wording arrives after the form: it fills the text unless the member has typed one already.
  useEffect(() => {
    if (wording && !getFieldState("consent_statement").isDirty && !getValues("consent_statement")) {
      // A refusal shown before it came (a blank text) goes once the text is in.
      setValue("consent_statement", wording.text, {
        shouldValidate: Boolean(getFieldState("consent_statement").error),
      });
    }
  }, [wording, getFieldState, getValues, setValue]);
  useEffect(() => {
    if (held && !wordingQuery.isPending) {
      setHeld(false);
      formRef.current?.requestSubmit();
    }
  }, [held, wordingQuery.isPending]);
  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (wordingQuery.isPending) {
      event.preventDefault();
      setHeld(true);
      return;
    }
    void submit(event);
  };
  const phone = useWatch({ control, name: "phone_number" });
  const statement = useWatch({ control, name: "consent_statement" });
  const consentError = getFieldState("consent_statement", formState).error;
  // Shown too when the check refused it, so a refusal is never out of sight.
  const asksConsent = !initial || !sameNumber(phone ?? "", initial.phone_number) || Boolean(consentError);
  const isWording = wording !== undefined && statement?.trim() === wording.text;
  return (
    <form ref={formRef} onSubmit={onFormSubmit} noValidate className="space-y-4">
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="first_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("contactForm.firstName")}
              description={t("contactForm.nameHint")}
              autoFocus={autoFocus}
              autoComplete="off"
              maxLength={PERSON_NAME_MAX_LENGTH}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="last_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              value={field.value ?? ""}
              label={t("contactForm.lastName")}
              autoComplete="off"
              maxLength={PERSON_NAME_MAX_LENGTH}
              error={message(fieldState.error?.message)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="phone_number"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            type="tel"
            label={t("contactForm.phone")}
            description={t("contactForm.phoneHint")}
            isRequired
            autoComplete="off"
            className="sm:max-w-xs"
            error={message(fieldState.error?.message)}
          />
        )}
      />
      {asksConsent ? (
        <FormTextarea
          control={control}
          name="consent_statement"
          label={initial ? t("contactForm.newNumberConsent") : t("contactForm.consent")}
          description={
            isWording
              ? t("contactForm.consentWording", { version: wording.version })
              : initial
                ? t("contactForm.newNumberConsentHint")
                : t("contactForm.consentHint")
          }
          isRequired
          rows={3}
          maxLength={CONSENT_STATEMENT_MAX_LENGTH}
          data-testid="contact-consent"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={isPending || held}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
