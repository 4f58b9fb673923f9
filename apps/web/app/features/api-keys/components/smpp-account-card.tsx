import { formatDateTime } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, FormAlert, needsVerifiedPhone, VerifyPhoneAlert } from "~/components/form";
import { SectionCard } from "~/components/layout/section-card";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useRefreshSmppAccount, useSmppAccount } from "../api/smpp-account";
import { CopyButton } from "./copy-button";

/**
 * SMPP access (issue 27 point 5): the system_id to bind with, where to connect, the window, TPS and
 * id format staff set, and Generate or Replace after a confirmation; the new password is shown
 * this once with a copy button until the member dismisses it. The IP whitelist above applies.
 */
export function SmppAccountCard({
  organizationId,
  canManage,
}: {
  organizationId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation("api-keys");
  const locale = useLocale();
  const account = useSmppAccount(organizationId);
  const refresh = useRefreshSmppAccount(organizationId);
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<{ systemId: string; password: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phoneUnverified, setPhoneUnverified] = useState(false);
  const exists = Boolean(account.data?.system_id);

  const confirm = async () => {
    setError(null);
    setPhoneUnverified(false);
    try {
      const result = await refresh.mutateAsync();
      setIssued({ systemId: result.system_id, password: result.password });
      toast.success(t("smpp.issuedToast"));
      setConfirming(false);
    } catch (caught) {
      if (isApiError(caught) && caught.signedOut) return;
      if (needsVerifiedPhone(caught)) {
        setConfirming(false);
        setPhoneUnverified(true);
        return;
      }
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const data = account.data;
  return (
    <SectionCard
      headingId="smpp-heading"
      title={t("smpp.heading")}
      intro={t("smpp.intro")}
      compact
      className="max-w-3xl min-w-0"
      data-testid="smpp-card"
      aria-busy={account.isPending}
    >
      {phoneUnverified ? <VerifyPhoneAlert /> : null}
      {account.isError ? (
        <div className="space-y-2" data-testid="smpp-error">
          <FormAlert>{t("smpp.loadError")}</FormAlert>
          <Button variant="light-gray" size="sm" onClick={() => void account.refetch()}>
            {t("keys.retry")}
          </Button>
        </div>
      ) : !data ? (
        <div className="h-16 animate-pulse rounded bg-gray-100">
          <span className="sr-only">{t("keys.loading")}</span>
        </div>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-gray-600">{t("smpp.server")}</dt>
            <dd className="mt-1 text-gray-900" data-testid="smpp-server">
              {data.server ? (
                <code className="break-all rounded bg-gray-100 px-2 py-1 font-mono">
                  {data.server.host}:{data.server.port}
                </code>
              ) : (
                t("smpp.serverOff")
              )}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-gray-600">{t("smpp.systemId")}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              {data.system_id ? (
                <>
                  <code
                    className="min-w-0 break-all rounded bg-gray-100 px-2 py-1 font-mono text-gray-900"
                    data-testid="smpp-system-id"
                  >
                    {data.system_id}
                  </code>
                  <CopyButton
                    value={data.system_id}
                    label={t("smpp.copySystemId")}
                    testId="copy-smpp-system-id"
                  />
                </>
              ) : (
                <span className="text-gray-700" data-testid="smpp-none">
                  {t("smpp.none")}
                </span>
              )}
            </dd>
          </div>
          {data.system_id ? (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-gray-600">{t("smpp.password")}</dt>
              <dd className="mt-1 text-gray-700">
                {t("keys.secretHidden", {
                  date: data.created_at ? formatDateTime(new Date(data.created_at), locale) : "",
                })}
              </dd>
            </div>
          ) : null}
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-gray-600">{t("smpp.limits")}</dt>
            <dd className="mt-1 text-gray-900" data-testid="smpp-limits">
              {t("smpp.limitsValue", {
                window: data.settings.window,
                tps: data.settings.tps,
                format: t(`smpp.idFormat.${data.settings.id_format}`),
              })}
            </dd>
          </div>
        </dl>
      )}
      {issued ? (
        <div
          role="status"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="smpp-issued"
        >
          <p className="font-semibold">{t("issued.title")}</p>
          <p>{t("issued.warning")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-amber-900">{t("smpp.password")}</span>
            <code
              className="min-w-0 break-all rounded bg-white px-2 py-1 font-mono text-gray-900"
              data-testid="smpp-password"
            >
              {issued.password}
            </code>
            <CopyButton value={issued.password} label={t("smpp.copyPassword")} testId="copy-smpp-password" />
          </div>
          <Button variant="light-gray" size="sm" onClick={() => setIssued(null)} data-testid="smpp-dismiss">
            {t("issued.done")}
          </Button>
        </div>
      ) : null}
      {canManage && data ? (
        <Button
          variant={exists ? "light-error" : "primary"}
          size="sm"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          data-testid="smpp-refresh"
        >
          {t(exists ? "smpp.refresh" : "smpp.generate")}
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={t(exists ? "smpp.confirmRefreshTitle" : "smpp.confirmGenerateTitle")}
        body={t(exists ? "smpp.confirmRefreshBody" : "smpp.confirmGenerateBody")}
        confirmLabel={t(exists ? "confirm.refresh" : "confirm.generate")}
        cancelLabel={t("confirm.cancel")}
        variant={exists ? "error" : "primary"}
        confirmTestId="confirm-smpp-refresh"
        isPending={refresh.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
