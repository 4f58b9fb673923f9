import { memberCan } from "@sms/domain/permissions";
import { formatNumber } from "@sms/domain/rules/format";
import { OTP_GUARD } from "@sms/domain/rules/otp-guard";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/form";
import { sendersFor, useSendableSenders } from "~/features/messages";
import { useLocalizedPath } from "~/lib/locale";
import { useDocsApiKeys } from "../api/get-api-keys";
import { useDocsMemberRole } from "../api/get-member-role";
import { usePublicOperations } from "../api/get-openapi";
import { KEY_PLACEHOLDER, SECRET_PLACEHOLDER } from "../lib/examples";
import { PUBLIC_API_PREFIX } from "../lib/openapi";
import { OperationCard } from "./operation-card";
import { SmppSection } from "./smpp-section";
import { TryItPanel } from "./try-it-panel";
import { WebhooksSection } from "./webhooks-section";

const pageOrigin = () => (typeof window === "undefined" ? "" : window.location.origin);

function Skeleton() {
  return (
    <div className="space-y-4" aria-hidden="true" data-testid="docs-skeleton">
      {[0, 1].map((i) => (
        <div key={i} className="h-48 animate-pulse rounded-lg border border-gray-200 bg-gray-100" />
      ))}
    </div>
  );
}

/**
 * /sms-api/docs (spec §2; issue 14 point 6): the public API as the server documents it in OpenAPI
 * (so the page never drifts from the routes), in Thai or English, with examples written with this
 * site's address and the organization's own keys and sender, a "Try it" panel and the delivery webhooks.
 */
export function ApiDocs({ organizationId }: { organizationId: number | null }) {
  const { t } = useTranslation("api-docs");
  const lp = useLocalizedPath();
  const operations = usePublicOperations();
  const keys = useDocsApiKeys(organizationId);
  const origin = pageOrigin();
  const smsKey = keys.data?.sms.key ?? null;
  // The API sends only under the organization's own approved senders (ADR 32): the first is the
  // examples' and Try it's default; null once known that there is none, undefined while loading
  // and for a member whose role may not list sender names (nothing is asked that would be refused,
  // review D46; they type the sender themselves).
  const role = useDocsMemberRole(organizationId);
  const maySeeSenders = role.data !== undefined && memberCan(role.data, "senders.manage");
  const senders = useSendableSenders({ enabled: maySeeSenders });
  const ownSender =
    maySeeSenders && senders.data ? (sendersFor(senders.data, "general")[0]?.name ?? null) : undefined;
  const context = { origin, smsKey, otpKey: keys.data?.otp.key ?? null, sender: ownSender };

  return (
    <div className="min-w-0 space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
        <p className="max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to={lp("/sms-api")} className="font-medium text-primary-700 underline">
            {t("page.keysLink")}
          </Link>
          <Link to={lp("/sms-api/console")} className="font-medium text-primary-700 underline">
            {t("console.title")}
          </Link>
          <Link to={lp("/reports/api-logs")} className="font-medium text-primary-700 underline">
            {t("console.logTitle")}
          </Link>
        </p>
      </div>

      {operations.data && operations.data.length > 0 ? (
        <nav aria-labelledby="docs-toc" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="docs-toc" className="text-sm font-semibold text-gray-900">
            {t("page.toc")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {operations.data.map((op) => (
              <li key={op.id} className="min-w-0 break-words">
                <a href={`#op-${op.id}`} className="text-primary-700 underline-offset-2 hover:underline">
                  <span className="font-mono text-xs">{op.method}</span>{" "}
                  {t(`operations.${op.id}.summary`, { defaultValue: op.summary })}
                </a>
              </li>
            ))}
            <li>
              <a href="#try-it" className="text-primary-700 underline-offset-2 hover:underline">
                {t("try.title")}
              </a>
            </li>
            <li>
              <a href="#webhooks" className="text-primary-700 underline-offset-2 hover:underline">
                {t("webhooks.title")}
              </a>
            </li>
            <li>
              <a href="#smpp" className="text-primary-700 underline-offset-2 hover:underline">
                {t("smpp.title")}
              </a>
            </li>
          </ul>
        </nav>
      ) : null}

      <section aria-labelledby="docs-basics" className="min-w-0 space-y-3">
        <h2 id="docs-basics" className="text-xl font-semibold text-gray-900">
          {t("basics.title")}
        </h2>
        <dl className="grid min-w-0 gap-3 text-sm text-gray-700 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-gray-900">{t("basics.baseUrl")}</dt>
          <dd className="min-w-0">
            <code className="break-all" data-testid="docs-base-url">
              {origin}
              {PUBLIC_API_PREFIX}
            </code>
          </dd>
          <dt className="font-medium text-gray-900">{t("basics.auth")}</dt>
          <dd>{t("basics.authText", { key: smsKey ?? KEY_PLACEHOLDER, secret: SECRET_PLACEHOLDER })}</dd>
          <dt className="font-medium text-gray-900">{t("basics.errors")}</dt>
          <dd className="min-w-0 space-y-1">
            <p>{t("basics.smsErrors")}</p>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: code that scrolls sideways must be reachable by keyboard to scroll it.
              tabIndex={0}
              className="overflow-x-auto text-xs focus-visible:outline-2 focus-visible:outline-primary-700"
            >
              <code>{`{"error":{"code":401,"name":"ERROR_UNAUTHORIZED","description":"…"}}`}</code>
            </pre>
            <p>{t("basics.otpErrors")}</p>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: code that scrolls sideways must be reachable by keyboard to scroll it.
              tabIndex={0}
              className="overflow-x-auto text-xs focus-visible:outline-2 focus-visible:outline-primary-700"
            >
              <code>{`{"code":400,"errors":[{"message":"Code is invalid."}]}`}</code>
            </pre>
          </dd>
          <dt className="font-medium text-gray-900">{t("basics.limits")}</dt>
          <dd>{t("basics.limitsText")}</dd>
          <dt className="font-medium text-gray-900">{t("basics.otpGuard")}</dt>
          <dd className="min-w-0 space-y-1" data-testid="docs-otp-guard">
            <p>{t("basics.otpGuardText")}</p>
            <ul className="list-disc space-y-1 ps-5">
              <li>
                <code>403 ERROR_DESTINATION_BLOCKED</code>: {t("basics.otpGuardBlocked")}
              </li>
              <li>
                <code>429 ERROR_DESTINATION_HELD</code>: {t("basics.otpGuardHeld")}
              </li>
              <li>
                <code>429 ERROR_TOO_MANY_REQUESTS</code>:{" "}
                {t("basics.otpGuardLimits", {
                  org: formatNumber(OTP_GUARD.orgMax),
                  prefix: formatNumber(OTP_GUARD.prefixMax),
                  minutes: OTP_GUARD.windowSeconds / 60,
                })}
              </li>
            </ul>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: code that scrolls sideways must be reachable by keyboard to scroll it.
              tabIndex={0}
              className="overflow-x-auto text-xs focus-visible:outline-2 focus-visible:outline-primary-700"
            >
              <code>{`{"code":403,"errors":[{"message":"…","name":"ERROR_DESTINATION_BLOCKED","field":"msisdn"}]}`}</code>
            </pre>
          </dd>
          <dt className="font-medium text-gray-900">{t("basics.idempotency")}</dt>
          <dd>{t("basics.idempotencyText")}</dd>
          <dt className="font-medium text-gray-900">{t("basics.whitelist")}</dt>
          <dd>{t("basics.whitelistText")}</dd>
        </dl>
      </section>

      <section aria-labelledby="docs-operations" className="min-w-0 space-y-4">
        <h2 id="docs-operations" className="text-xl font-semibold text-gray-900">
          {t("page.operations")}
        </h2>
        {operations.isPending ? (
          <Skeleton />
        ) : operations.isError ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p>{t("page.loadError")}</p>
            <Button className="mt-2" size="sm" variant="light-gray" onClick={() => void operations.refetch()}>
              {t("page.retry")}
            </Button>
          </div>
        ) : operations.data.length === 0 ? (
          <p className="text-sm text-gray-600">{t("page.empty")}</p>
        ) : (
          operations.data.map((op) => <OperationCard key={op.id} op={op} context={context} />)
        )}
      </section>

      <TryItPanel smsKey={smsKey} ownSender={ownSender} />
      <WebhooksSection />
      <SmppSection />
    </div>
  );
}
