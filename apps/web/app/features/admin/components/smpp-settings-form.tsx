import {
  SMPP_ID_FORMATS,
  type SmppIdFormat,
  type TSmppSettings,
  ZSmppSettings,
} from "@sms/domain/contracts/smpp";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, SelectField, TextInput, useMessageText } from "~/components/form";
import { useAdminSmppSettings, useUpdateSmppSettings } from "../api/smpp-settings";
import { errorText } from "../lib/error-text";
import { LoadState } from "./load-state";

/**
 * An organization's SMPP window, TPS and message id format (issue 27 point 5, ADR 102), set by
 * staff; its next binds use them. Beyond the window or the TPS a submit is answered ESME_RTHROTTLED.
 */
export function SmppSettingsForm({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation("admin");
  const message = useMessageText();
  const settings = useAdminSmppSettings(organizationId);
  const update = useUpdateSmppSettings(organizationId);
  const [windowText, setWindowText] = useState("");
  const [tps, setTps] = useState("");
  const [idFormat, setIdFormat] = useState<SmppIdFormat>("decimal");
  const [errors, setErrors] = useState<Partial<Record<keyof TSmppSettings, string>>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setWindowText(String(settings.data.window));
    setTps(String(settings.data.tps));
    setIdFormat(settings.data.id_format);
  }, [settings.data]);

  if (settings.isPending || settings.isError) return <LoadState query={settings} />;

  return (
    <form
      noValidate
      aria-labelledby="smpp-settings-heading"
      className="max-w-xl space-y-3"
      data-testid="smpp-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        const parsed = ZSmppSettings.safeParse({
          window: windowText.trim() === "" ? Number.NaN : Number(windowText),
          tps: tps.trim() === "" ? Number.NaN : Number(tps),
          id_format: idFormat,
        });
        if (!parsed.success) {
          const next: Partial<Record<keyof TSmppSettings, string>> = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as keyof TSmppSettings;
            next[field] ??= message(issue.message);
          }
          setErrors(next);
          return;
        }
        setErrors({});
        update.mutate(parsed.data, {
          onSuccess: () => toast.success(t("smpp.saved")),
          onError: (e) => setError(errorText(e, t("common.loadError"))),
        });
      }}
    >
      <h2 id="smpp-settings-heading" className="text-lg font-semibold">
        {t("smpp.title")}
      </h2>
      <p className="text-sm text-gray-600">{t("smpp.help")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextInput
          label={t("smpp.window")}
          inputMode="numeric"
          value={windowText}
          onChange={setWindowText}
          error={errors.window}
          data-testid="smpp-window"
        />
        <TextInput
          label={t("smpp.tps")}
          inputMode="numeric"
          value={tps}
          onChange={setTps}
          error={errors.tps}
          data-testid="smpp-tps"
        />
        <SelectField
          label={t("smpp.idFormat")}
          value={idFormat}
          onChange={(value) => setIdFormat(value as SmppIdFormat)}
          options={SMPP_ID_FORMATS.map((f) => ({ value: f, label: t(`smpp.idFormats.${f}`) }))}
          error={errors.id_format}
          data-testid="smpp-id-format"
        />
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" isLoading={update.isPending} data-testid="smpp-settings-save">
        {t("smpp.save")}
      </Button>
    </form>
  );
}
