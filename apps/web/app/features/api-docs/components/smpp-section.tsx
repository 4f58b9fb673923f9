import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlainTable, ScrollRegion } from "~/components/table";
import { useLocalizedPath } from "~/lib/locale";
import { CodeBlock } from "./code-block";

/** The command_status values the SMPP server answers (ADR 102), each explained in the page's language. */
const STATUSES = [
  ["0x00000000", "ESME_ROK", "ok"],
  ["0x00000058", "ESME_RTHROTTLED", "throttled"],
  ["0x00000045", "ESME_RSUBMITFAIL", "submitFail"],
  ["0x0000000A", "ESME_RINVSRCADR", "source"],
  ["0x0000000B", "ESME_RINVDSTADR", "destination"],
  ["0x00000001", "ESME_RINVMSGLEN", "length"],
  ["0x0000000E", "ESME_RINVPASWD", "password"],
  ["0x0000000D", "ESME_RBINDFAIL", "bindFail"],
  ["0x00000008", "ESME_RSYSERR", "system"],
] as const;

const RECEIPT =
  "id:1024 sub:001 dlvrd:001 submit date:2611291003 done date:2611291003 stat:DELIVRD err:000 text:";

/** SMPP 3.4 access (issue 27 point 5): binding, submit_sm, multipart, throttling, receipts. */
export function SmppSection() {
  const { t } = useTranslation("api-docs");
  const lp = useLocalizedPath();
  return (
    <section aria-labelledby="smpp-docs-heading" id="smpp" className="min-w-0 scroll-mt-20 space-y-4">
      <h2 id="smpp-docs-heading" className="text-xl font-semibold text-gray-900">
        {t("smpp.title")}
      </h2>
      <p className="max-w-3xl text-sm text-gray-700">
        {t("smpp.intro")}{" "}
        <Link to={lp("/sms-api")} className="font-medium text-primary-700 underline">
          {t("smpp.credentialsLink")}
        </Link>
      </p>
      <dl className="grid min-w-0 max-w-3xl gap-3 text-sm text-gray-700 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-gray-900">{t("smpp.bind")}</dt>
        <dd>{t("smpp.bindText")}</dd>
        <dt className="font-medium text-gray-900">{t("smpp.submit")}</dt>
        <dd>{t("smpp.submitText")}</dd>
        <dt className="font-medium text-gray-900">{t("smpp.multipart")}</dt>
        <dd>{t("smpp.multipartText")}</dd>
        <dt className="font-medium text-gray-900">{t("smpp.onceOnly")}</dt>
        <dd>{t("smpp.onceOnlyText")}</dd>
        <dt className="font-medium text-gray-900">{t("smpp.limits")}</dt>
        <dd>{t("smpp.limitsText")}</dd>
        <dt className="font-medium text-gray-900">{t("smpp.receipts")}</dt>
        <dd>{t("smpp.receiptsText")}</dd>
      </dl>
      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("smpp.receiptExample")}</h3>
        <CodeBlock code={RECEIPT} label={t("smpp.receiptExample")} testId="smpp-receipt-example" />
      </div>
      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold text-gray-900">{t("smpp.statuses")}</h3>
        <ScrollRegion label={t("smpp.statuses")}>
          <PlainTable
            look="reference"
            caption={t("smpp.statuses")}
            columns={[
              { label: "command_status" },
              { label: t("fields.name") },
              { label: t("fields.description") },
            ]}
          >
            {STATUSES.map(([code, name, key]) => (
              <tr key={name}>
                <td className="px-3 py-2 align-top font-mono whitespace-nowrap">{code}</td>
                <td className="px-3 py-2 align-top whitespace-nowrap">
                  <code className="font-semibold">{name}</code>
                </td>
                <td className="min-w-48 px-3 py-2 align-top text-gray-700">{t(`smpp.status.${key}`)}</td>
              </tr>
            ))}
          </PlainTable>
        </ScrollRegion>
      </div>
    </section>
  );
}
