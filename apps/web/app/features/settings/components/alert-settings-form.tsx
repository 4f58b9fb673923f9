import {
  ALERT_EXPIRY_DAYS_RANGE,
  ALERT_THRESHOLD_RANGE,
  type AlertChannel,
  type TSettings,
  type TUpdateSettingsBody,
  ZUpdateSettingsRequest,
} from "@sms/domain/contracts/settings";
import { formatDate, formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  Button,
  FormAlert,
  FormCheckbox,
  FormNumberInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { SectionCard } from "~/components/layout/section-card";
import { useLocale } from "~/lib/locale";
import { useUpdateAlertSettings } from "../api/alert-settings";
import { ChannelField } from "./channel-field";

/** What the form edits; the num inputs report null while empty. */
interface AlertValues {
  low_credit_enabled: boolean;
  low_credit_threshold: number | null;
  low_credit_channel: AlertChannel;
  expiry_enabled: boolean;
  expiry_days: number | null;
  expiry_channel: AlertChannel;
}

const FIELDS = [
  "low_credit_enabled",
  "low_credit_threshold",
  "low_credit_channel",
  "expiry_enabled",
  "expiry_days",
  "expiry_channel",
] as const;

const valuesOf = (s: TSettings): AlertValues => ({
  low_credit_enabled: s.low_credit_enabled,
  low_credit_threshold: s.low_credit_threshold,
  low_credit_channel: s.low_credit_channel,
  expiry_enabled: s.expiry_enabled,
  expiry_days: s.expiry_days,
  expiry_channel: s.expiry_channel,
});

/**
 * The low-credit and expiry alerts (spec §1/§3 Settings, issue 15 point 4), saved together with the
 * "settings saved" toast (spec §8). Read-only for members who may not change them.
 */
export function AlertSettingsForm({
  organizationId,
  settings,
  canManage,
}: {
  organizationId: number;
  settings: TSettings;
  canManage: boolean;
}) {
  const { t } = useTranslation("settings");
  const locale = useLocale();
  const message = useMessageText();
  const update = useUpdateAlertSettings(organizationId);
  const { control, submit, formError } = useContractForm<AlertValues, TUpdateSettingsBody>({
    contract: ZUpdateSettingsRequest,
    defaultValues: valuesOf(settings),
    fields: FIELDS,
    onValid: async (body, { reset }) => {
      const saved = await update.mutateAsync(body);
      reset(valuesOf(saved));
      toast.success(t("toast.saved"));
    },
  });

  const expiry = settings.credit_expired_on ? formatDate(new Date(settings.credit_expired_on), locale) : null;
  const channel = (name: "low_credit_channel" | "expiry_channel", testId: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChannelField
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          error={message(fieldState.error?.message)}
          testId={testId}
        />
      )}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-6"
      aria-label={t("page.title")}
      data-testid="alert-settings-form"
    >
      <FormAlert>{formError}</FormAlert>
      {canManage ? null : (
        <FormAlert tone="info" testId="settings-read-only">
          {t("form.readOnly")}
        </FormAlert>
      )}
      <fieldset disabled={!canManage} className="min-w-0 space-y-6">
        <SectionCard headingId="low-credit-heading" title={t("lowCredit.title")} intro={t("lowCredit.intro")}>
          <FormCheckbox control={control} name="low_credit_enabled" data-testid="low-credit-enabled">
            {t("lowCredit.enabled")}
          </FormCheckbox>
          <FormNumberInput
            control={control}
            name="low_credit_threshold"
            label={t("lowCredit.threshold")}
            isRequired
            maxLength={8}
            className="max-w-xs"
            description={t("lowCredit.thresholdHint", {
              balance: formatNumber(settings.credits),
              max: formatNumber(ALERT_THRESHOLD_RANGE.max),
            })}
            data-testid="low-credit-threshold"
          />
          {channel("low_credit_channel", "low-credit-channel")}
          <p className="text-sm text-gray-600" data-testid="low-credit-status">
            {settings.low_credit_alerted_at
              ? t("lowCredit.sent", { at: formatDateTime(new Date(settings.low_credit_alerted_at), locale) })
              : t("lowCredit.armed")}
          </p>
        </SectionCard>

        <SectionCard headingId="expiry-heading" title={t("expiry.title")} intro={t("expiry.intro")}>
          <FormCheckbox control={control} name="expiry_enabled" data-testid="expiry-enabled">
            {t("expiry.enabled")}
          </FormCheckbox>
          <FormNumberInput
            control={control}
            name="expiry_days"
            label={t("expiry.days")}
            isRequired
            maxLength={2}
            className="max-w-xs"
            description={
              expiry
                ? t("expiry.daysHint", { date: expiry, max: ALERT_EXPIRY_DAYS_RANGE.max })
                : t("expiry.daysHintNoExpiry", { max: ALERT_EXPIRY_DAYS_RANGE.max })
            }
            data-testid="expiry-days"
          />
          {channel("expiry_channel", "expiry-channel")}
          {settings.expiry_alerted_for ? (
            <p className="text-sm text-gray-600" data-testid="expiry-status">
              {t("expiry.sent", { date: formatDate(new Date(settings.expiry_alerted_for), locale) })}
            </p>
          ) : null}
        </SectionCard>
      </fieldset>
      <p className="text-sm text-gray-600" data-testid="alert-recipients">
        {t("form.recipients", { language: t(`languages.${settings.locale}`) })}
      </p>
      {canManage ? (
        <Button type="submit" isLoading={update.isPending} data-testid="alert-settings-save">
          {t("form.save")}
        </Button>
      ) : null}
    </form>
  );
}
