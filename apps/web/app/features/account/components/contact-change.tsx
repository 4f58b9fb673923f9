import { ZChangeEmailRequest, ZChangePhoneRequest } from "@sms/domain/contracts/accounts";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Resolver, ResolverResult } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { OtpForm, type SentCode, sentCode, useVerify } from "~/features/auth";
import { isApiError } from "~/lib/api-client";
import { useChangeEmail } from "../api/change-email";
import { useChangePhone } from "../api/change-phone";
import { ME_QUERY_KEY } from "../api/get-me";
import { useCurrentUser } from "./current-user";
import { SectionCard } from "./section-card";

const VALUE_FIELD = ["value"] as const;

interface Values {
  value: string;
}

/** The shared contract checks the value under its API name; the form has one field. */
function contactResolver(type: "phone" | "email"): Resolver<Values> {
  return async (values): Promise<ResolverResult<Values>> => {
    const result =
      type === "phone"
        ? ZChangePhoneRequest.safeParse({ phone_number: values.value })
        : ZChangeEmailRequest.safeParse({ email: values.value });
    if (result.success)
      return { values: { value: values.value.trim() }, errors: {} } as ResolverResult<Values>;
    const message = result.error.issues[0]?.message ?? "validation.required";
    return { values: {}, errors: { value: { type: "validation", message } } };
  };
}

/**
 * Spec §4: changing the phone or e-mail sends a code to the NEW address; the account changes only
 * once that code is confirmed.
 */
export function ContactChange({ type }: { type: "phone" | "email" }) {
  const { t } = useTranslation("account");
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const changePhone = useChangePhone();
  const changeEmail = useChangeEmail();
  const change = type === "phone" ? changePhone : changeEmail;
  const verify = useVerify();
  const [pending, setPending] = useState<{ value: string; sent: SentCode } | null>(null);
  const send = async (value: string) => {
    const ticket =
      type === "phone"
        ? await changePhone.mutateAsync({ phone_number: value })
        : await changeEmail.mutateAsync({ email: value });
    setPending({ value, sent: sentCode(ticket) });
  };

  const { control, submit, formError, reset } = useContractForm<Values, Values>({
    resolver: contactResolver(type),
    defaultValues: { value: "" },
    fields: VALUE_FIELD,
    onValid: async ({ value }, { setError }) => {
      try {
        await send(value);
      } catch (error) {
        const apiField = type === "phone" ? "phone_number" : "email";
        // Field details come back under the API's field name.
        const detail = isApiError(error) ? error.details.find((d) => d.path === apiField) : undefined;
        if (!detail) throw error;
        setError("value", { type: "server", message: detail.message });
      }
    },
  });

  const current = type === "phone" ? toLocalPhone(user?.phone_number ?? "") : (user?.email ?? "");
  const title = t(type === "phone" ? "contact.phoneTitle" : "contact.emailTitle");

  return (
    <SectionCard title={title} testId={`change-${type}`}>
      <p className="mb-4 text-sm text-gray-600">
        {t("contact.current")}: <strong className="break-all text-gray-900">{current}</strong>
      </p>
      {pending ? (
        <OtpForm
          channel={type === "phone" ? "sms" : "email"}
          destination={type === "phone" ? toLocalPhone(pending.value) : pending.value}
          sent={pending.sent}
          submitLabel={t("contact.confirm")}
          onResend={() => send(pending.value)}
          onVerify={async (code) => {
            const result = await verify.mutateAsync({ type, code, ref_code: pending.sent.ref_code });
            toast.success(result.message);
            setPending(null);
            reset({ value: "" });
            await client.refetchQueries({ queryKey: ME_QUERY_KEY });
          }}
        >
          <Button variant="light-gray" onClick={() => setPending(null)}>
            {t("actions.cancel")}
          </Button>
        </OtpForm>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormAlert>{formError}</FormAlert>
          <FormTextInput
            control={control}
            name="value"
            type={type === "phone" ? "tel" : "email"}
            label={t(type === "phone" ? "contact.newPhone" : "contact.newEmail")}
            isRequired
            autoComplete={type === "phone" ? "tel-national" : "email"}
            placeholder={type === "phone" ? "0812345678" : "name@example.com"}
          />
          <div className="flex">
            <Button type="submit" isLoading={change.isPending}>
              {t("contact.sendCode")}
            </Button>
          </div>
        </form>
      )}
    </SectionCard>
  );
}
