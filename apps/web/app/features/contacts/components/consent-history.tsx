import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { dataKey } from "~/lib/i18n";
import { useLocale } from "~/lib/locale";
import { useContactConsents } from "../api/contact-consents";

/**
 * A contact's consent history (ADR 94): its number's opt-ins (the form, another caller, an import,
 * with the text agreed and the organization's wording version it is, ADR 108; "not recorded" for an
 * opt-in from before every opt-in had its text) and opt-outs (the message's link, a STOP reply, the
 * operator's report, a member), newest first.
 */
export function ConsentHistory({ contactId }: { contactId: number }) {
  const { t } = useTranslation("contacts");
  const locale = useLocale();
  const history = useContactConsents(contactId);
  return (
    <section aria-labelledby="consent-history-title" className="mt-6 border-t border-gray-200 pt-4">
      <h3 id="consent-history-title" className="text-sm font-semibold text-gray-900">
        {t("consents.title")}
      </h3>
      {history.isPending ? (
        <p className="mt-2 text-sm text-gray-600">{t("consents.loading")}</p>
      ) : history.isError ? (
        <p className="mt-2 text-sm text-red-700">{t("consents.failed")}</p>
      ) : history.data.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t("consents.empty")}</p>
      ) : (
        <ol className="mt-2 space-y-2" data-testid="consent-history">
          {history.data.map((entry) => (
            <li key={entry.id} className="rounded-md bg-gray-50 p-2 text-sm" data-testid="consent-entry">
              <p className="font-medium text-gray-900">
                <span className={entry.kind === "opt_in" ? "text-green-800" : "text-primary-700"}>
                  {t(dataKey<"contacts">(`consents.kinds.${entry.kind}`))}
                </span>{" "}
                · {t(dataKey<"contacts">(`consents.sources.${entry.source}`))}
              </p>
              <p className="text-gray-600">{formatDateTime(new Date(entry.created_at), locale)}</p>
              {entry.kind === "opt_in" ? (
                <>
                  <p className="break-words text-gray-800" data-testid="consent-statement">
                    {entry.statement === null
                      ? t("consents.notRecorded")
                      : t("consents.statement", { text: entry.statement })}
                  </p>
                  {entry.version === null ? null : (
                    <p className="text-gray-600" data-testid="consent-version">
                      {t("consents.version", { version: entry.version })}
                    </p>
                  )}
                </>
              ) : entry.statement ? (
                <p className="break-words text-gray-800">{entry.statement}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
