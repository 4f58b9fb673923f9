import {
  CONSENT_STATEMENT_MAX_LENGTH,
  type TConsentWording,
  type TUpdateConsentWordingBody,
  type TUpdateConsentWordingRequest,
  ZUpdateConsentWordingRequest,
} from "@sms/domain/contracts/contacts";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, FormTextarea, useContractForm } from "~/components/form";
import { SectionCard } from "~/components/layout/section-card";
import { useConsentWording, useSaveConsentWording } from "~/features/contacts";
import { useLocale } from "~/lib/locale";
import { useSettingsAccess } from "../api/get-access";

/**
 * The organization's consent wording (issue 27 point 1, ADR 108): what its contacts agree to, with
 * its version. The contact form and the import start from it, and an opt-in given without a text
 * records it; saving a changed text makes the next version. Read-only for members who may not
 * change the settings.
 */
export function ConsentWording({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation(["settings", "common"]);
  const wording = useConsentWording();
  const access = useSettingsAccess(organizationId);
  return (
    <SectionCard
      headingId="consent-wording-heading"
      title={t("consentWording.title")}
      intro={t("consentWording.intro")}
      data-testid="consent-wording"
    >
      {wording.isError || access.isError ? (
        <div className="space-y-2" role="alert">
          <p className="text-sm text-red-700">{t("page.loadError")}</p>
          <Button
            variant="light-gray"
            size="sm"
            onClick={() => {
              void wording.refetch();
              void access.refetch();
            }}
          >
            {t("page.retry")}
          </Button>
        </div>
      ) : !wording.data || !access.data ? (
        <p className="text-sm text-gray-500" role="status" aria-busy="true">
          {t("common:loading")}
        </p>
      ) : (
        <ConsentWordingForm
          key={wording.data.version}
          wording={wording.data}
          canManage={access.data.canManage}
        />
      )}
    </SectionCard>
  );
}

function ConsentWordingForm({ wording, canManage }: { wording: TConsentWording; canManage: boolean }) {
  const { t } = useTranslation("settings");
  const locale = useLocale();
  const save = useSaveConsentWording();
  const { control, submit, formError } = useContractForm<
    TUpdateConsentWordingRequest,
    TUpdateConsentWordingBody
  >({
    contract: ZUpdateConsentWordingRequest,
    defaultValues: { text: wording.text },
    fields: ["text"],
    onValid: async (body) => {
      const saved = await save.mutateAsync(body);
      toast.success(
        saved.version === wording.version
          ? t("consentWording.unchanged", { version: saved.version })
          : t("consentWording.saved", { version: saved.version }),
      );
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="consent-wording-heading">
      <FormAlert>{formError}</FormAlert>
      <p className="text-sm font-medium text-gray-900" data-testid="consent-wording-version">
        {wording.is_default
          ? t("consentWording.defaultVersion", { version: wording.version })
          : t("consentWording.version", {
              version: wording.version,
              at: formatDateTime(new Date(wording.created_at ?? 0), locale),
            })}
      </p>
      <FormTextarea
        control={control}
        name="text"
        label={t("consentWording.label")}
        description={t("consentWording.hint")}
        isRequired
        rows={4}
        maxLength={CONSENT_STATEMENT_MAX_LENGTH}
        showCounter
        readOnly={!canManage}
        data-testid="consent-wording-text"
      />
      {canManage ? (
        <Button type="submit" isLoading={save.isPending} data-testid="consent-wording-save">
          {t("consentWording.save")}
        </Button>
      ) : (
        <FormAlert tone="info">{t("consentWording.readOnly")}</FormAlert>
      )}
    </form>
  );
}
