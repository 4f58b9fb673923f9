import { CONTACT_LIMITS } from "@sms/domain/contracts/contact-rules";
import { CONTACT_TOPICS, type TContactUsRequest, ZContactUsRequest } from "@sms/domain/contracts/marketing";
import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  Button,
  FormAlert,
  FormTextarea,
  TextInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { api } from "~/lib/api-client";

interface ContactValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  topic: string;
  message: string;
}

const FIELDS = ["name", "email", "phone", "company", "topic", "message"] as const;

export interface ContactPrefill {
  name: string;
  email: string;
  /** 66 form, as the account stores it. */
  phone: string;
  company: string;
}

const selectClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-primary-700 focus:outline-2 focus:outline-primary-700 aria-invalid:border-red-600 sm:text-sm";

/**
 * /contacts-us (spec §2 Contact Us): the public contact form's backend (POST /c/contact-us, the same
 * contract, storage and mail to support) with the signed-in user's name, e-mail, phone and
 * organization filled in.
 */
export function ContactUsForm({ prefill }: { prefill: ContactPrefill }) {
  const { t } = useTranslation("settings");
  const { t: tm } = useTranslation("marketing");
  const message = useMessageText();
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: async (body: TContactUsRequest) =>
      (await api.call(marketingEndpoints.contactUs, { body })).data,
  });
  const defaults: ContactValues = {
    name: prefill.name,
    email: prefill.email,
    phone: prefill.phone ? toLocalPhone(prefill.phone) : "",
    company: prefill.company,
    topic: "",
    message: "",
  };
  const { control, submit, formError } = useContractForm<ContactValues, TContactUsRequest>({
    contract: ZContactUsRequest,
    defaultValues: defaults,
    fields: FIELDS,
    onValid: async (body, { reset }) => {
      await send.mutateAsync(body);
      reset(defaults);
      setSent(true);
    },
  });

  if (sent) {
    return (
      <div className="space-y-4" data-testid="contact-us-sent">
        <FormAlert tone="success">{t("contact.sent")}</FormAlert>
        <Button variant="light-gray" onClick={() => setSent(false)}>
          {t("contact.sendAnother")}
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="contact-us-form-title"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="contact-us-form"
    >
      <h2 id="contact-us-form-title" className="text-lg font-semibold text-gray-900">
        {tm("contact.formTitle")}
      </h2>
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={tm("contact.name")}
              isRequired
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              type="email"
              label={tm("contact.email")}
              isRequired
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              type="tel"
              label={tm("contact.phone")}
              autoComplete="tel"
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="company"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={tm("contact.company")}
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.company}
              error={message(fieldState.error?.message)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="topic"
        render={({ field, fieldState }) => {
          const error = message(fieldState.error?.message);
          return (
            <div>
              <label htmlFor="contact-us-topic" className="block text-sm font-medium text-gray-800">
                {tm("contact.topic")}
                <span aria-hidden="true" className="ms-0.5 text-red-600">
                  *
                </span>
              </label>
              <select
                id="contact-us-topic"
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "contact-us-topic-error" : undefined}
                className={selectClass}
              >
                <option value="" disabled>
                  {tm("contact.choose")}
                </option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {tm(`contact.topics.${topic}`)}
                  </option>
                ))}
              </select>
              {error ? (
                <p id="contact-us-topic-error" className="mt-1 text-sm text-red-600">
                  * {error}
                </p>
              ) : null}
            </div>
          );
        }}
      />
      <FormTextarea
        control={control}
        name="message"
        label={tm("contact.message")}
        isRequired
        rows={5}
        maxLength={CONTACT_LIMITS.messageMax}
        showCounter
      />
      <Button type="submit" isLoading={send.isPending} data-testid="contact-us-submit">
        {tm("contact.submit")}
      </Button>
    </form>
  );
}
