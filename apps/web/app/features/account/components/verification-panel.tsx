import { formatDateTime } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, useWordedMessage } from "~/components/form";
import { OtpForm, requestVerify, type SentCode, sentCode, useVerify } from "~/features/auth";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { ME_QUERY_KEY } from "../api/get-me";
import { useCurrentUser } from "./current-user";
import { SectionCard } from "./section-card";

type Kind = "phone" | "email";

/**
 * Verification status of the phone and e-mail, with a code flow for whichever is unverified; once
 * both are verified it says so and asks for nothing more.
 */
export function VerificationPanel() {
  const { t } = useTranslation(["account", "common"]);
  const locale = useLocale();
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const verify = useVerify();
  const [active, setActive] = useState<{ type: Kind; sent: SentCode } | null>(null);
  const [starting, setStarting] = useState<Kind | null>(null);
  const [error, setError] = useWordedMessage<string>();
  if (!user) return null;

  const start = async (type: Kind) => {
    setError(null);
    setStarting(type);
    try {
      setActive({ type, sent: sentCode(await requestVerify(type)) });
    } catch (err) {
      if (isApiError(err) && err.status === 409) await client.refetchQueries({ queryKey: ME_QUERY_KEY });
      else if (!isApiError(err) || !err.signedOut)
        setError(isApiError(err) ? err.message : t("common:error.general"));
    } finally {
      setStarting(null);
    }
  };

  const rows: { type: Kind; label: string; value: string; verifiedAt: string | null }[] = [
    {
      type: "phone",
      label: t("verification.phone"),
      value: toLocalPhone(user.phone_number),
      verifiedAt: user.phone_number_verified_at,
    },
    { type: "email", label: t("verification.email"), value: user.email, verifiedAt: user.email_verified_at },
  ];
  const done = rows.every((row) => row.verifiedAt);

  return (
    <SectionCard
      title={t("verification.title")}
      description={done ? null : t("verification.intro")}
      testId="verification-panel"
    >
      {done ? (
        <p
          role="status"
          className="mb-4 rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          data-testid="verification-done"
        >
          ✓ {t("verification.allDone")}
        </p>
      ) : null}
      <FormAlert className="mb-4">{error}</FormAlert>
      <ul className="divide-y divide-gray-100">
        {rows.map((row) => (
          <li key={row.type} className="py-3 first:pt-0 last:pb-0" data-testid={`verification-${row.type}`}>
            {/* One rule for both rows (D51): the badge under the value on a phone, at its end from 640 px. */}
            <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
              <div className="min-w-0">
                <p className="text-sm text-gray-600">{row.label}</p>
                <p className="break-all font-medium text-gray-900">{row.value}</p>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                {row.verifiedAt ? (
                  <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
                    ✓ {t("verification.verified")}
                    <span className="font-normal"> · {formatDateTime(new Date(row.verifiedAt), locale)}</span>
                  </span>
                ) : (
                  <>
                    <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                      {t("verification.notVerified")}
                    </span>
                    {active?.type !== row.type ? (
                      <Button size="sm" onClick={() => start(row.type)} isLoading={starting === row.type}>
                        {t("verification.verify")}
                      </Button>
                    ) : null}
                  </>
                )}
              </div>
            </div>
            {active?.type === row.type && !row.verifiedAt ? (
              <div className="mt-4 rounded-md border border-gray-200 p-4">
                <OtpForm
                  channel={row.type === "phone" ? "sms" : "email"}
                  destination={row.value}
                  sent={active.sent}
                  onResend={async () =>
                    setActive({ type: row.type, sent: sentCode(await requestVerify(row.type)) })
                  }
                  onVerify={async (code) => {
                    const result = await verify.mutateAsync({
                      type: row.type,
                      code,
                      ref_code: active.sent.ref_code,
                    });
                    toast.success(result.message);
                    setActive(null);
                    await client.refetchQueries({ queryKey: ME_QUERY_KEY });
                  }}
                >
                  <Button variant="light-gray" onClick={() => setActive(null)}>
                    {t("actions.cancel")}
                  </Button>
                </OtpForm>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
