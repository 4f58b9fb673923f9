import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, FormAlert } from "~/components/form";
import { SectionCard } from "~/components/layout/section-card";
import { isApiError } from "~/lib/api-client";
import { useRotateWebhookSecret, useWebhookSecret } from "../api/webhook-secret";
import { CopyButton } from "./copy-button";

/**
 * The key receivers verify delivery webhooks with (docs/webhooks.md): hidden until revealed (and
 * only then fetched), copied with the clipboard toast, rotated after a confirmation. Only members
 * who manage the API keys see it.
 */
export function WebhookSecretCard({
  organizationId,
  canManage,
}: {
  organizationId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation("api-keys");
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secret = useWebhookSecret(organizationId, canManage && revealed);
  const rotate = useRotateWebhookSecret(organizationId);

  const confirmRotate = async () => {
    setError(null);
    try {
      await rotate.mutateAsync();
      setRevealed(true);
      setConfirming(false);
      toast.success(t("webhooks.rotated"));
    } catch (caught) {
      if (isApiError(caught) && caught.signedOut) return;
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <SectionCard
      headingId="webhook-secret-heading"
      title={t("webhooks.heading")}
      intro={t("webhooks.intro")}
      compact
      className="max-w-3xl"
      data-testid="webhook-secret-card"
    >
      {!canManage ? (
        <p className="text-sm text-gray-700" data-testid="webhook-secret-owner-only">
          {t("webhooks.ownerOnly")}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-gray-600">{t("webhooks.secret")}</span>
            {revealed && secret.data ? (
              <code
                className="min-w-0 break-all rounded bg-gray-100 px-2 py-1 font-mono text-gray-900"
                data-testid="webhook-secret"
              >
                {secret.data}
              </code>
            ) : (
              <span data-testid="webhook-secret-hidden">
                <code aria-hidden="true" className="rounded bg-gray-100 px-2 py-1 font-mono text-gray-500">
                  {"•".repeat(24)}
                </code>
                <span className="sr-only">{t("webhooks.hidden")}</span>
              </span>
            )}
            {revealed && secret.isPending ? (
              <span className="text-gray-500">{t("webhooks.loading")}</span>
            ) : null}
          </div>
          {secret.isError ? (
            <div className="space-y-2" data-testid="webhook-secret-error">
              <FormAlert>{t("webhooks.loadError")}</FormAlert>
              <Button variant="light-gray" size="sm" onClick={() => void secret.refetch()}>
                {t("keys.retry")}
              </Button>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="light-gray"
              size="sm"
              aria-pressed={revealed}
              onClick={() => setRevealed((shown) => !shown)}
              data-testid="webhook-secret-toggle"
            >
              {t(revealed ? "webhooks.hide" : "webhooks.reveal")}
            </Button>
            {revealed && secret.data ? (
              <CopyButton value={secret.data} label={t("webhooks.copy")} testId="webhook-secret-copy" />
            ) : null}
            <Button
              variant="light-error"
              size="sm"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
              data-testid="webhook-secret-rotate"
            >
              {t("webhooks.rotate")}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={t("webhooks.confirmTitle")}
        body={t("webhooks.confirmBody")}
        confirmLabel={t("webhooks.confirm")}
        cancelLabel={t("confirm.cancel")}
        variant="error"
        confirmTestId="confirm-rotate-webhook-secret"
        isPending={rotate.isPending}
        error={error}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
