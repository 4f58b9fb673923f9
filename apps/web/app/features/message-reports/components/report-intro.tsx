import { useTranslation } from "react-i18next";
import { useCurrentUser } from "~/features/account";
import { useSeesAllSends } from "../api/scope";

/**
 * The report's intro: the organization's messages, or a plain member's own sends only, said before
 * an empty table makes the member wonder (review D57). The whole-organization wording until known.
 */
export function MessagesReportIntro() {
  const { t } = useTranslation("message-reports");
  const { organizationId } = useCurrentUser();
  const seesAll = useSeesAllSends(organizationId);
  const ownOnly = seesAll.data === false;
  return (
    <p
      className="mt-1 text-sm text-gray-600"
      data-testid="report-scope"
      data-scope={seesAll.data === undefined ? "unknown" : ownOnly ? "own" : "all"}
    >
      {t(ownOnly ? "introOwn" : "intro")}
    </p>
  );
}
