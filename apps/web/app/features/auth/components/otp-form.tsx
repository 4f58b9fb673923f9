import { ZOtpCode } from "@sms/domain/rules/validation";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  BANGKOK_TIME_ZONE,
  Button,
  FormAlert,
  TextInput,
  useContractForm,
  useWordedMessage,
} from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { formatCountdown, useCountdown } from "../hooks/use-countdown";
import type { SentCode } from "../lib/flow-state";
import { DevInboxHint } from "./dev-inbox-hint";

const CODE_LIFETIME_MS = 5 * 60_000;

/** "14:35", Bangkok wall clock: when a new code can be asked for. */
function clockTime(at: number, language: string): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "th-TH", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: BANGKOK_TIME_ZONE,
  }).format(at);
}

const ZOtpForm = z.object({ code: ZOtpCode });
type OtpFormValues = z.infer<typeof ZOtpForm>;

export interface OtpFormProps {
  /** Where the code went, as the user knows it (0812345678 or an e-mail address). */
  destination: string;
  channel: "sms" | "email";
  sent: SentCode | null;
  /** Checks the code; an ApiError shows under the field (e.g. "OTP code is invalid."). */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code; the parent passes the new `sent`. */
  onResend: () => Promise<void>;
  submitLabel?: string;
  /** A link beside the destination, e.g. the registration's "edit number". */
  destinationAction?: React.ReactNode;
  /** Extra actions beside the submit button (e.g. cancel). */
  children?: React.ReactNode;
}

/** The 6-digit code step: the reference code, the code field and "send again" with a countdown. */
export function OtpForm({
  destination,
  channel,
  sent,
  onVerify,
  onResend,
  submitLabel,
  destinationAction,
  children,
}: OtpFormProps) {
  const { t, i18n } = useTranslation(["auth", "common"]);
  const [notice, setNotice] = useWordedMessage<string>();
  const [resending, setResending] = useState(false);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const resendAt = Math.max(sent?.resend_at ?? 0, blockedUntil ?? 0) || null;
  const wait = useCountdown(resendAt);
  // A wait that outlives the code (5 minutes, DESIGN §8) only comes from the send limit: say so.
  const codeEnds = sent?.expires_at ?? Date.now() + CODE_LIFETIME_MS;
  const limitReached = wait > 0 && resendAt !== null && resendAt > codeEnds;
  const { control, submit, formError, setFormError, reset, formState } = useContractForm<
    OtpFormValues,
    OtpFormValues
  >({
    contract: ZOtpForm,
    defaultValues: { code: "" },
    // The code's problems come by their code (OTP_INVALID), not under a field.
    fields: [],
    onValid: async ({ code }, { setError }) => {
      setNotice(null);
      try {
        await onVerify(code);
      } catch (error) {
        if (!isApiError(error) || error.code !== "OTP_INVALID") throw error;
        setError("code", { type: "server", message: error.message }, { shouldFocus: true });
      }
    },
  });

  const resend = async () => {
    setFormError(null);
    setNotice(null);
    setResending(true);
    try {
      await onResend();
      reset({ code: "" });
      setNotice(t("otp.resent"));
    } catch (error) {
      if (isApiError(error) && error.retryAfter) setBlockedUntil(Date.now() + error.retryAfter * 1000);
      if (!isApiError(error) || !error.signedOut)
        setFormError(isApiError(error) ? error.message : t("common:error.general"));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-gray-700">
        {t(channel === "sms" ? "otp.sentToPhone" : "otp.sentToEmail")}{" "}
        <strong className="block break-all text-gray-900" data-testid="otp-destination">
          {destination}
        </strong>
        {destinationAction}
      </p>
      {sent ? (
        <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700">
          {t("otp.refCode")}:{" "}
          <strong className="font-mono tracking-wider text-gray-900" data-testid="otp-ref-code">
            {sent.ref_code}
          </strong>
        </p>
      ) : null}
      <DevInboxHint />
      <FormAlert>{formError}</FormAlert>
      <FormAlert tone="success">{notice}</FormAlert>
      <Controller
        control={control}
        name="code"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            type="tel"
            label={t("otp.code")}
            isRequired
            maxLength={6}
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="000000"
            description={t("otp.codeHint")}
            error={fieldState.error?.message}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
          />
        )}
      />
      {limitReached && resendAt ? (
        <p className="text-sm text-gray-700" data-testid="otp-send-limit">
          {t("otp.sendLimit", { time: clockTime(resendAt, i18n.language) })}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button type="button" variant="light-gray" onClick={resend} disabled={wait > 0} isLoading={resending}>
          {wait > 0 ? t("otp.resendIn", { time: formatCountdown(wait) }) : t("otp.resend")}
        </Button>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {children}
          <Button type="submit" isLoading={formState.isSubmitting}>
            {submitLabel ?? t("otp.verify")}
          </Button>
        </div>
      </div>
    </form>
  );
}
