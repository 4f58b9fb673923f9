import {
  CONTACT_IMPORT_ROW_STATUSES,
  type ContactImportRowStatus,
  type TContactImport,
} from "@sms/domain/contracts/contact-imports";
import { CONSENT_STATEMENT_MAX_LENGTH } from "@sms/domain/contracts/contacts";
import { formatNumber } from "@sms/domain/rules/format";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Textarea } from "~/components/form";
import { PlainTable } from "~/components/table";
import { useConsentWording } from "~/features/contacts";
import type { ImportDecision } from "../api/decide-import";
import { InvalidRows } from "./invalid-rows";

const COUNT_OF: Record<ContactImportRowStatus, keyof TContactImport> = {
  valid: "valid_rows",
  invalid: "invalid_rows",
  duplicate: "duplicate_rows",
  existing: "existing_rows",
};

const TONE: Record<ContactImportRowStatus, string> = {
  valid: "border-emerald-200 bg-emerald-50 text-emerald-800",
  invalid: "border-red-200 bg-red-50 text-red-800",
  duplicate: "border-amber-200 bg-amber-50 text-amber-800",
  existing: "border-gray-200 bg-gray-50 text-gray-800",
};

interface ImportPreviewProps {
  imp: TContactImport;
  onDecide: (choice: ImportDecision) => void;
  deciding: "confirm" | "cancel" | null;
}

/** The counts of each class, a few rows of each, the invalid rows to correct, and the decision. */
export function ImportPreview({ imp, onDecide, deciding }: ImportPreviewProps) {
  const { t } = useTranslation("contact-imports");
  const count = (status: ContactImportRowStatus) => Number(imp[COUNT_OF[status]]);
  // What the contacts agreed to, kept in each one's consent history (ADR 94): it starts as the
  // organization's consent wording, arriving after the preview, and may not be blank (ADR 108).
  const wording = useConsentWording().data;
  const [consent, setConsent] = useState<string | null>(null);
  const [blank, setBlank] = useState(false);
  useEffect(() => {
    if (wording) setConsent((typed) => typed ?? wording.text);
  }, [wording]);
  const text = consent ?? "";
  const isWording = wording !== undefined && text.trim() === wording.text;
  const onContinue = () => {
    if (text.trim() === "") {
      setBlank(true);
      return;
    }
    onDecide({ decision: "confirm", consentStatement: text });
  };
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold text-gray-900">{t("preview.title")}</h3>
        <p className="text-sm text-gray-600 break-all">
          {t("preview.file", { name: imp.file_name, total: formatNumber(imp.total_rows) })}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
        {CONTACT_IMPORT_ROW_STATUSES.map((status) => (
          <div key={status} className={`rounded-md border p-3 ${TONE[status]}`}>
            <dt className="text-sm font-medium">{t(`preview.${status}`)}</dt>
            <dd className="text-2xl font-bold" data-testid={`count-${status}`}>
              {formatNumber(count(status))}
            </dd>
            <dd className="text-xs">{t(`preview.${status}Hint`)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 md:grid-cols-2">
        {CONTACT_IMPORT_ROW_STATUSES.map((status) => (
          <section key={status} aria-labelledby={`import-examples-${status}`} className="min-w-0">
            <h4 id={`import-examples-${status}`} className="text-sm font-semibold text-gray-800">
              {t("preview.examples")}: {t(`preview.${status}`)}
            </h4>
            {imp.examples[status].length === 0 ? (
              <p className="text-sm text-gray-500">{t("preview.noExamples")}</p>
            ) : (
              <div className="overflow-x-auto">
                <PlainTable
                  look="compact"
                  headRule={false}
                  className="text-start"
                  columns={[
                    { label: t("preview.row"), className: "pe-2 text-start" },
                    { label: t("preview.name"), className: "pe-2 text-start" },
                    { label: t("preview.phone"), className: "text-start" },
                  ]}
                >
                  {imp.examples[status].map((row) => (
                    <tr key={row.row_number} className="border-t border-gray-100">
                      <td className="py-1 pe-2">{row.row_number}</td>
                      <td className="py-1 pe-2 break-all">
                        {`${row.first_name} ${row.last_name}`.trim() || "-"}
                        {row.same_as_row !== null ? (
                          <span className="block text-xs text-gray-600" data-testid="same-as-row">
                            {t("preview.sameAsRow", { row: row.same_as_row })}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-1 break-all">{row.phone_number || "-"}</td>
                    </tr>
                  ))}
                </PlainTable>
              </div>
            )}
          </section>
        ))}
      </div>
      <InvalidRows importId={imp.id} count={imp.invalid_rows} />
      <div className="space-y-2 border-t border-gray-200 pt-3">
        {imp.invalid_rows > 0 ? (
          <p className="text-sm text-gray-700">{t("preview.continueNote", { count: imp.invalid_rows })}</p>
        ) : null}
        <Textarea
          label={t("preview.consent")}
          description={
            isWording ? t("preview.consentWording", { version: wording.version }) : t("preview.consentHint")
          }
          value={text}
          onChange={(value) => {
            setConsent(value);
            if (value.trim() !== "") setBlank(false);
          }}
          isRequired
          rows={3}
          maxLength={CONSENT_STATEMENT_MAX_LENGTH}
          error={blank ? t("preview.consentRequired") : undefined}
          disabled={deciding !== null}
          data-testid="import-consent"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="submit"
            isLoading={deciding === "confirm"}
            disabled={deciding === "cancel"}
            onClick={onContinue}
          >
            {t("preview.continue", { count: imp.valid_rows })}
          </Button>
          <Button
            variant="light-gray"
            isLoading={deciding === "cancel"}
            disabled={deciding === "confirm"}
            onClick={() => onDecide({ decision: "cancel" })}
          >
            {t("preview.skip")}
          </Button>
        </div>
      </div>
    </div>
  );
}
