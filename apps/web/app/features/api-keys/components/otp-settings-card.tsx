import {
  API_PUMP_RANGE,
  API_RATE_LIMIT_RANGE,
  fillOtpMessage,
  OTP_CODE_LENGTH_RANGE,
  OTP_LANGUAGES,
  OTP_MESSAGE_MAX_LENGTH,
  OTP_RESEND_MODES,
  OTP_VALID_MINUTES_RANGE,
  type OtpLanguage,
  type OtpResendMode,
  type TApiSettings,
  type TUpdateApiSettingsBody,
  ZUpdateApiSettingsRequest,
} from "@sms/domain/contracts/api-settings";
import { countSms } from "@sms/domain/rules/sms";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  Button,
  FormAlert,
  FormNumberInput,
  FormTextarea,
  SelectField,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { useSendableSenders } from "~/features/messages";
import { useApiSettings, useUpdateApiSettings } from "../api/api-settings";

/** What the form edits: texts as typed (empty = the default), numbers as the num inputs report them. */
interface OtpSettingsValues {
  otp_sender: string;
  otp_language: OtpLanguage;
  otp_message_th: string;
  otp_message_en: string;
  rate_limit_per_second: number | null;
  pump_prefix_max: number | null;
  pump_fresh_key_max: number | null;
  otp_code_length: number;
  otp_valid_minutes: number;
  otp_resend: OtpResendMode;
}

const FIELDS = [
  "otp_sender",
  "otp_language",
  "otp_message_th",
  "otp_message_en",
  "rate_limit_per_second",
  "pump_prefix_max",
  "pump_fresh_key_max",
  "otp_code_length",
  "otp_valid_minutes",
  "otp_resend",
] as const;

/** The example values the preview fills in (the pin cut to the chosen length). */
const SAMPLE = { pin: "12345678", refno: "AB12CD" };

const between = (range: { min: number; max: number }) =>
  Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);

function valuesOf(settings: TApiSettings): OtpSettingsValues {
  return {
    otp_sender: settings.otp_sender ?? "",
    otp_language: settings.otp_language,
    otp_message_th: settings.otp_message_th ?? "",
    otp_message_en: settings.otp_message_en ?? "",
    rate_limit_per_second: settings.rate_limit_per_second,
    pump_prefix_max: settings.pump_prefix_max,
    pump_fresh_key_max: settings.pump_fresh_key_max,
    otp_code_length: settings.otp_code_length,
    otp_valid_minutes: settings.otp_valid_minutes,
    otp_resend: settings.otp_resend,
  };
}

/**
 * "OTP and safety settings" on /sms-api (issue 14 points 3–4): the OTP SMS's sender, language and
 * texts (with a live preview of the filled text), the per-key rate limit and the SMS-pumping
 * thresholds. Read-only for members who may not manage the API keys.
 */
export function OtpSettingsCard({
  organizationId,
  canManage,
}: {
  organizationId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation("api-keys");
  const settings = useApiSettings(organizationId);
  return (
    <section aria-labelledby="otp-settings-heading" className="space-y-4" data-testid="otp-settings">
      <div className="space-y-1">
        <h2 id="otp-settings-heading" className="text-lg font-semibold text-gray-900">
          {t("otpSettings.heading")}
        </h2>
        <p className="max-w-3xl text-sm text-gray-600">{t("otpSettings.intro")}</p>
      </div>
      {settings.isError ? (
        <div className="space-y-2" data-testid="otp-settings-error">
          <p className="text-sm text-red-700">{t("otpSettings.loadError")}</p>
          <Button variant="light-gray" size="sm" onClick={() => void settings.refetch()}>
            {t("keys.retry")}
          </Button>
        </div>
      ) : settings.data ? (
        <OtpSettingsForm
          key={settings.data.updated_at ?? "defaults"}
          organizationId={organizationId}
          settings={settings.data}
          canManage={canManage}
        />
      ) : (
        <p className="text-sm text-gray-500" role="status">
          {t("otpSettings.loading")}
        </p>
      )}
    </section>
  );
}

function OtpSettingsForm({
  organizationId,
  settings,
  canManage,
}: {
  organizationId: number;
  settings: TApiSettings;
  canManage: boolean;
}) {
  const { t } = useTranslation("api-keys");
  const message = useMessageText();
  // Read-only members keep the saved sender shown below; listing the others is not theirs to ask.
  const senders = useSendableSenders({ enabled: canManage });
  const update = useUpdateApiSettings(organizationId);
  const { control, submit, formError } = useContractForm<OtpSettingsValues, TUpdateApiSettingsBody>({
    contract: ZUpdateApiSettingsRequest,
    defaultValues: valuesOf(settings),
    fields: FIELDS,
    onValid: async (body) => {
      await update.mutateAsync(body);
      toast.success(t("toast.settingsSaved"));
    },
  });
  const [textTh, textEn, codeLength, validMinutes] = useWatch({
    control,
    name: ["otp_message_th", "otp_message_en", "otp_code_length", "otp_valid_minutes"],
  });

  const own = (senders.data ?? []).filter((s) => !s.shared && s.name !== settings.default_sender);
  const senderOptions = [
    { value: "", label: t("otpSettings.defaultSender", { name: settings.default_sender }) },
    ...own.map((s) => ({ value: s.name, label: s.name })),
  ];
  // A saved sender the list no longer shows (e.g. cancelled) stays visible, so it is not changed unseen.
  if (settings.otp_sender && !senderOptions.some((o) => o.value === settings.otp_sender)) {
    senderOptions.push({ value: settings.otp_sender, label: settings.otp_sender });
  }

  const preview = (language: OtpLanguage, typed: string) => {
    const text = fillOtpMessage(typed.trim() === "" ? settings.default_messages[language] : typed.trim(), {
      pin: SAMPLE.pin.slice(0, Number(codeLength) || settings.otp_code_length),
      refno: SAMPLE.refno,
      minutes: Number(validMinutes) || settings.otp_valid_minutes,
    });
    return (
      <div
        className="mt-2 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm"
        data-testid={`otp-preview-${language}`}
      >
        <p className="text-xs font-medium text-gray-500">{t("otpSettings.preview")}</p>
        <p
          className="mt-1 whitespace-pre-wrap break-words text-gray-900"
          data-testid={`otp-preview-text-${language}`}
        >
          {text}
        </p>
        <p className="mt-1 text-xs text-gray-500">
          {t("otpSettings.previewParts", {
            characters: Array.from(text).length,
            count: countSms(text).parts,
          })}
        </p>
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-4" aria-label={t("otpSettings.heading")}>
      <FormAlert>{formError}</FormAlert>
      <fieldset disabled={!canManage} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="otp_sender"
            render={({ field, fieldState }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                label={t("otpSettings.sender")}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={senderOptions}
                description={t("otpSettings.senderHint")}
                error={message(fieldState.error?.message)}
                data-testid="otp-sender"
              />
            )}
          />
          <Controller
            control={control}
            name="otp_language"
            render={({ field, fieldState }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                label={t("otpSettings.language")}
                value={field.value}
                onChange={(value) => field.onChange(value as OtpLanguage)}
                onBlur={field.onBlur}
                options={OTP_LANGUAGES.map((language) => ({
                  value: language,
                  label: t(`otpSettings.languages.${language}`),
                }))}
                description={t("otpSettings.languageHint")}
                error={message(fieldState.error?.message)}
                data-testid="otp-language"
              />
            )}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Controller
            control={control}
            name="otp_code_length"
            render={({ field, fieldState }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                label={t("otpSettings.codeLength")}
                value={String(field.value)}
                onChange={(value) => field.onChange(Number(value))}
                onBlur={field.onBlur}
                options={between(OTP_CODE_LENGTH_RANGE).map((n) => ({
                  value: String(n),
                  label: t("otpSettings.digits", { count: n }),
                }))}
                description={t("otpSettings.codeLengthHint")}
                error={message(fieldState.error?.message)}
                data-testid="otp-code-length"
              />
            )}
          />
          <Controller
            control={control}
            name="otp_valid_minutes"
            render={({ field, fieldState }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                label={t("otpSettings.validMinutes")}
                value={String(field.value)}
                onChange={(value) => field.onChange(Number(value))}
                onBlur={field.onBlur}
                options={between(OTP_VALID_MINUTES_RANGE).map((n) => ({
                  value: String(n),
                  label: t("otpSettings.minutes", { count: n }),
                }))}
                description={t("otpSettings.validMinutesHint")}
                error={message(fieldState.error?.message)}
                data-testid="otp-valid-minutes"
              />
            )}
          />
          <Controller
            control={control}
            name="otp_resend"
            render={({ field, fieldState }) => (
              <SelectField
                ref={field.ref}
                name={field.name}
                label={t("otpSettings.resend")}
                value={field.value}
                onChange={(value) => field.onChange(value as OtpResendMode)}
                onBlur={field.onBlur}
                options={OTP_RESEND_MODES.map((mode) => ({
                  value: mode,
                  label: t(`otpSettings.resendModes.${mode}`),
                }))}
                description={t("otpSettings.resendHint")}
                error={message(fieldState.error?.message)}
                data-testid="otp-resend"
              />
            )}
          />
        </div>
        <p className="text-sm text-gray-600" data-testid="otp-placeholder-hint">
          {t("otpSettings.placeholderHint", { minutes: Number(validMinutes) || settings.otp_valid_minutes })}
        </p>
        {(["th", "en"] as const).map((language) => (
          <div key={language}>
            <FormTextarea
              control={control}
              name={language === "th" ? "otp_message_th" : "otp_message_en"}
              label={t(`otpSettings.message.${language}`)}
              placeholder={settings.default_messages[language]}
              description={t("otpSettings.messageHint")}
              maxLength={OTP_MESSAGE_MAX_LENGTH}
              showCounter
              rows={3}
              data-testid={`otp-message-${language}`}
            />
            {preview(language, language === "th" ? (textTh ?? "") : (textEn ?? ""))}
          </div>
        ))}
        <div className="grid gap-4 sm:grid-cols-3">
          <FormNumberInput
            control={control}
            name="rate_limit_per_second"
            label={t("otpSettings.rateLimit")}
            description={t("otpSettings.rateLimitHint", {
              min: API_RATE_LIMIT_RANGE.min,
              max: API_RATE_LIMIT_RANGE.max.toLocaleString("en"),
            })}
            maxLength={4}
            data-testid="rate-limit"
          />
          <FormNumberInput
            control={control}
            name="pump_prefix_max"
            label={t("otpSettings.pumpPrefix")}
            description={t("otpSettings.pumpPrefixHint", {
              max: API_PUMP_RANGE.max.toLocaleString("en"),
            })}
            maxLength={6}
            data-testid="pump-prefix"
          />
          <FormNumberInput
            control={control}
            name="pump_fresh_key_max"
            label={t("otpSettings.pumpFreshKey")}
            description={t("otpSettings.pumpFreshKeyHint", {
              max: API_PUMP_RANGE.max.toLocaleString("en"),
            })}
            maxLength={6}
            data-testid="pump-fresh-key"
          />
        </div>
      </fieldset>
      {canManage ? (
        <Button type="submit" isLoading={update.isPending} data-testid="otp-settings-save">
          {t("otpSettings.save")}
        </Button>
      ) : null}
    </form>
  );
}
