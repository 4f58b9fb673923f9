import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { useAlertSettings } from "../api/alert-settings";
import { useSettingsAccess } from "../api/get-access";
import { AlertSettingsForm } from "./alert-settings-form";

/** /accounts/settings: the organization's alerts with loading and error states. */
export function AlertSettings({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation(["settings", "common"]);
  const settings = useAlertSettings(organizationId);
  const access = useSettingsAccess(organizationId);
  if (settings.isError || access.isError) {
    return (
      <div className="space-y-2" role="alert" data-testid="alert-settings-error">
        <p className="text-sm text-red-700">{t("page.loadError")}</p>
        <Button
          variant="light-gray"
          size="sm"
          onClick={() => {
            void settings.refetch();
            void access.refetch();
          }}
        >
          {t("page.retry")}
        </Button>
      </div>
    );
  }
  if (!settings.data || !access.data) {
    return (
      <p
        className="text-sm text-gray-500"
        role="status"
        aria-busy="true"
        data-testid="alert-settings-loading"
      >
        {t("common:loading")}
      </p>
    );
  }
  return (
    <AlertSettingsForm
      key={settings.data.updated_at ?? "defaults"}
      organizationId={organizationId}
      settings={settings.data}
      canManage={access.data.canManage}
    />
  );
}
