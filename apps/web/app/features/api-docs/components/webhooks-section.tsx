import type { TInboundWebhookPayload } from "@sms/domain/contracts/inbox";
import { WEBHOOK_VERIFY_SAMPLES } from "@sms/domain/public-api-samples/webhook-verify";
import { useTranslation } from "react-i18next";
import { PlainTable, ScrollRegion } from "~/components/table";
import { CodeBlock } from "./code-block";
import { Tabs } from "./tabs";

/** What a receiver gets: one POST per status change of a message (the engine's payload, docs/webhooks.md). */
const PAYLOAD = {
  event: "message.status",
  message_id: "1024",
  campaign_id: "512",
  number: "66812345678",
  status: "delivered",
  state: 3,
  code: "000",
  updated_at: "2026-11-25T03:00:05.123Z",
  tag: "order-1234",
};

/**
 * A reply forwarded to the organization's inbound webhook URL (issue 27 point 4, ADR 100): the
 * contract's ZInboundWebhookPayload, signed and retried like the delivery webhooks.
 */
const INBOUND_PAYLOAD: TInboundWebhookPayload = {
  event: "message.inbound",
  inbound_id: "2048",
  number: "66812345678",
  destination: "MyShop",
  text: "สนใจครับ ขอรายละเอียดเพิ่มเติม",
  campaign_id: "512",
  message_id: "1024",
  stop: false,
  received_at: "2026-11-25T03:10:00.000Z",
};

const HEADERS = [
  ["Content-Type", "application/json"],
  ["User-Agent", "SMSPortal-Webhooks/1"],
  ["X-Webhook-Id", "87"],
  ["X-Webhook-Timestamp", "1795662005"],
  ["X-Webhook-Signature", "v1=5f2c…e91a"],
] as const;

const LANGUAGES = [
  ["node", "Node.js"],
  ["php", "PHP"],
  ["python", "Python"],
] as const;

/** Delivery webhooks (issue 14 point 5): payload, headers, retries and how to verify the signature. */
export function WebhooksSection() {
  const { t } = useTranslation("api-docs");
  return (
    <section aria-labelledby="webhooks-heading" id="webhooks" className="min-w-0 scroll-mt-20 space-y-4">
      <h2 id="webhooks-heading" className="text-xl font-semibold text-gray-900">
        {t("webhooks.title")}
      </h2>
      <p className="max-w-3xl text-sm text-gray-700">{t("webhooks.intro")}</p>

      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("webhooks.payload")}</h3>
        <p className="max-w-3xl text-sm text-gray-700">{t("webhooks.payloadText")}</p>
        <CodeBlock
          code={JSON.stringify(PAYLOAD, null, 2)}
          label={t("webhooks.payload")}
          testId="webhook-payload"
        />
      </div>

      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("webhooks.inbound")}</h3>
        <p className="max-w-3xl text-sm text-gray-700">{t("webhooks.inboundText")}</p>
        <CodeBlock
          code={JSON.stringify(INBOUND_PAYLOAD, null, 2)}
          label={t("webhooks.inbound")}
          testId="webhook-inbound-payload"
        />
      </div>

      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("webhooks.headers")}</h3>
        <ScrollRegion label={t("webhooks.headers")}>
          <PlainTable
            look="reference"
            caption={t("webhooks.headers")}
            columns={[
              { label: t("webhooks.header") },
              { label: t("webhooks.example") },
              { label: t("fields.description") },
            ]}
          >
            {HEADERS.map(([name, example]) => (
              <tr key={name}>
                <td className="px-3 py-2 align-top whitespace-nowrap">
                  <code className="font-semibold">{name}</code>
                </td>
                <td className="px-3 py-2 align-top whitespace-nowrap">
                  <code className="text-xs">{example}</code>
                </td>
                <td className="min-w-48 px-3 py-2 align-top text-gray-700">
                  {t(`webhooks.headerText.${name}`)}
                </td>
              </tr>
            ))}
          </PlainTable>
        </ScrollRegion>
      </div>

      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("webhooks.retries")}</h3>
        <ul className="max-w-3xl list-disc space-y-1 ps-5 text-sm text-gray-700">
          <li>{t("webhooks.retry2xx")}</li>
          <li>{t("webhooks.retryBackoff")}</li>
          <li>{t("webhooks.retryWindow")}</li>
          <li>{t("webhooks.retryReport")}</li>
        </ul>
      </div>

      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("webhooks.verify")}</h3>
        <p className="max-w-3xl text-sm text-gray-700">{t("webhooks.verifyText")}</p>
        <Tabs
          label={t("webhooks.verifyTabs")}
          testId="webhook-verify"
          items={LANGUAGES.map(([id, name]) => ({
            id,
            label: name,
            content: (
              <CodeBlock
                code={WEBHOOK_VERIFY_SAMPLES[id]}
                label={t("webhooks.verifyCode", { language: name })}
                testId={`webhook-verify-${id}`}
              />
            ),
          }))}
        />
      </div>
    </section>
  );
}
