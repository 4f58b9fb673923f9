import {
  API_KEY_KINDS,
  type ApiKeyKind,
  type TApiKeyState,
  type TIssuedApiKey,
} from "@sms/domain/contracts/api-keys";
import { formatDateTime } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, FormAlert, needsVerifiedPhone, VerifyPhoneAlert } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useApiKeys } from "../api/get-api-keys";
import { useRefreshApiKeys } from "../api/refresh-api-keys";
import { CopyButton } from "./copy-button";

/**
 * The SMS and OTP key pairs (issue 14 point 1): each key with its date, Generate or Refresh after a
 * confirmation, and a new secret shown once with a copy button until the user dismisses it.
 */
export function ApiKeysPanel({ organizationId, canManage }: { organizationId: number; canManage: boolean }) {
  const { t } = useTranslation("api-keys");
  const keys = useApiKeys(organizationId);
  const refresh = useRefreshApiKeys(organizationId);
  const [confirming, setConfirming] = useState<ApiKeyKind | null>(null);
  const [issued, setIssued] = useState<Partial<Record<ApiKeyKind, TIssuedApiKey>>>({});
  const [error, setError] = useState<string | null>(null);
  const [phoneUnverified, setPhoneUnverified] = useState(false);

  const confirm = async () => {
    if (!confirming) return;
    setError(null);
    setPhoneUnverified(false);
    try {
      const result = await refresh.mutateAsync(confirming);
      setIssued((current) => {
        const next = { ...current };
        for (const pair of result.issued) next[pair.kind] = pair;
        return next;
      });
      toast.success(t(`toast.issued.${confirming}`));
      setConfirming(null);
    } catch (caught) {
      if (isApiError(caught) && caught.signedOut) return;
      // The dialog cannot help with that: it closes, and the page says where to verify.
      if (needsVerifiedPhone(caught)) {
        setConfirming(null);
        setPhoneUnverified(true);
        return;
      }
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const exists = confirming ? Boolean(keys.data?.[confirming].has_secret) : false;

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-4">
      <h2 id="api-keys-heading" className="text-lg font-semibold text-gray-900">
        {t("keys.heading")}
      </h2>
      {phoneUnverified ? <VerifyPhoneAlert /> : null}
      {keys.isError ? (
        <div className="space-y-2" data-testid="keys-error">
          <FormAlert>{t("keys.loadError")}</FormAlert>
          <Button variant="light-gray" size="sm" onClick={() => void keys.refetch()}>
            {t("keys.retry")}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {API_KEY_KINDS.map((kind) => (
            <KeyCard
              key={kind}
              kind={kind}
              state={keys.data?.[kind]}
              issued={issued[kind]}
              canManage={canManage}
              onRefresh={() => {
                setError(null);
                setConfirming(kind);
              }}
              onDismiss={() => setIssued(({ [kind]: _, ...rest }) => rest)}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={
          confirming
            ? t(exists ? `confirm.refreshTitle.${confirming}` : `confirm.generateTitle.${confirming}`)
            : ""
        }
        body={t(exists ? "confirm.refreshBody" : "confirm.generateBody")}
        confirmLabel={t(exists ? "confirm.refresh" : "confirm.generate")}
        cancelLabel={t("confirm.cancel")}
        variant={exists ? "error" : "primary"}
        confirmTestId="confirm-refresh"
        isPending={refresh.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

interface KeyCardProps {
  kind: ApiKeyKind;
  state: TApiKeyState | undefined;
  issued: TIssuedApiKey | undefined;
  canManage: boolean;
  onRefresh: () => void;
  onDismiss: () => void;
}

function KeyCard({ kind, state, issued, canManage, onRefresh, onDismiss }: KeyCardProps) {
  const { t } = useTranslation("api-keys");
  const locale = useLocale();
  const headingId = `key-${kind}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid={`key-card-${kind}`}
      aria-busy={state === undefined}
    >
      <div>
        <h3 id={headingId} className="font-semibold text-gray-900">
          {t(`keys.title.${kind}`)}
        </h3>
        <p className="mt-1 text-sm text-gray-600">{t(`keys.intro.${kind}`)}</p>
      </div>
      {state === undefined ? (
        <div className="h-16 animate-pulse rounded bg-gray-100">
          <span className="sr-only">{t("keys.loading")}</span>
        </div>
      ) : state.key ? (
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-gray-600">{t("keys.key")}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code
                className="min-w-0 break-all rounded bg-gray-100 px-2 py-1 font-mono text-gray-900"
                data-testid={`key-${kind}`}
              >
                {state.key}
              </code>
              <CopyButton value={state.key} label={t(`keys.copyKey.${kind}`)} testId={`copy-key-${kind}`} />
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">{t("keys.secret")}</dt>
            <dd className="mt-1 text-gray-700">
              {t("keys.secretHidden", {
                date: state.created_at ? formatDateTime(new Date(state.created_at), locale) : "",
              })}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-gray-700" data-testid={`no-key-${kind}`}>
          {t("keys.none")}
        </p>
      )}
      {issued ? <IssuedSecret pair={issued} onDismiss={onDismiss} /> : null}
      {canManage && state !== undefined ? (
        <Button
          variant={state.key ? "light-error" : "primary"}
          size="sm"
          onClick={onRefresh}
          data-testid={`refresh-${kind}`}
        >
          {t(state.key ? `keys.refresh.${kind}` : `keys.generate.${kind}`)}
        </Button>
      ) : null}
    </article>
  );
}

/** The new secret, shown this once: the server keeps only its hash. */
function IssuedSecret({ pair, onDismiss }: { pair: TIssuedApiKey; onDismiss: () => void }) {
  const { t } = useTranslation("api-keys");
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid={`issued-${pair.kind}`}
    >
      <p className="font-semibold">{t("issued.title")}</p>
      <p>{t("issued.warning")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-amber-900">{t("keys.secret")}</span>
        <code
          className="min-w-0 break-all rounded bg-white px-2 py-1 font-mono text-gray-900"
          data-testid={`secret-${pair.kind}`}
        >
          {pair.secret}
        </code>
        <CopyButton
          value={pair.secret}
          label={t(`keys.copySecret.${pair.kind}`)}
          testId={`copy-secret-${pair.kind}`}
        />
      </div>
      <Button variant="light-gray" size="sm" onClick={onDismiss} data-testid={`dismiss-${pair.kind}`}>
        {t("issued.done")}
      </Button>
    </div>
  );
}
