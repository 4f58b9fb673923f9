import { INBOX_CONVERSATION_MAX, type TInboxEntry } from "@sms/domain/contracts/inbox";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useConversation } from "../api/get-conversation";

const linkClass =
  "rounded text-sm text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-600";

const STATUSES = ["queued", "sent", "delivered", "failed", "pending"] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: string | null): value is Status =>
  (STATUSES as readonly string[]).includes(value ?? "");

function Entry({ entry }: { entry: TInboxEntry }) {
  const { t } = useTranslation("inbox");
  const locale = useLocale();
  const out = entry.direction === "out";
  const at = new Date(entry.at);
  return (
    <li className={`flex ${out ? "justify-end" : "justify-start"}`} data-testid={`entry-${entry.direction}`}>
      <article
        className={`max-w-[85%] rounded-lg px-3 py-2 shadow-sm sm:max-w-md ${
          out ? "bg-primary-50 text-gray-900" : "border border-gray-200 bg-white text-gray-900"
        }`}
      >
        <h2 className="text-xs font-semibold text-gray-700">
          {out ? t("conversation.sent") : t("conversation.received")}
          {entry.campaign_name ? (
            <span className="font-normal">
              {" "}
              · {t("conversation.inCampaign", { name: entry.campaign_name })}
            </span>
          ) : null}
        </h2>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{entry.text}</p>
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-gray-600">
          <time dateTime={entry.at}>{formatDateTime(at, locale)}</time>
          {out && isStatus(entry.status) ? <span>{t(`conversation.status.${entry.status}`)}</span> : null}
          {entry.stop ? <span className="font-medium text-red-800">{t("conversation.stop")}</span> : null}
          {entry.auto_reply ? <span>{t(`conversation.autoReply.${entry.auto_reply}`)}</span> : null}
        </p>
      </article>
    </li>
  );
}

/**
 * One conversation (issue 27 point 4): the organization's messages to a number and its replies,
 * oldest first, as a list a screen reader reads in order ("You sent" / "Reply" headings). With a
 * send chosen, only that send's messages and the replies to it.
 */
export function ConversationView({ phone, campaignId }: { phone: string; campaignId?: number | undefined }) {
  const { t } = useTranslation("inbox");
  const lp = useLocalizedPath();
  const query = useConversation(phone, campaignId);
  const shown = query.data?.phone_number ?? phone;
  const back = (
    <>
      <Link to={lp("/inbox")} className={linkClass}>
        {t("conversation.back")}
      </Link>
      <h1 className="text-2xl font-bold text-gray-900 tabular-nums">
        {t("conversation.title", { phone: shown })}
      </h1>
    </>
  );
  if (query.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <p role="status" className="text-sm text-gray-600">
          {t("conversation.loading")}
        </p>
        <div aria-hidden="true" className="space-y-3">
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-14 animate-pulse rounded-lg bg-gray-100" />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <div role="alert" className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-800">
          <p>{notFound ? t("conversation.notFound") : t("conversation.error")}</p>
          {notFound ? null : (
            <Button size="sm" variant="light-gray" className="mt-2" onClick={() => void query.refetch()}>
              {t("conversation.retry")}
            </Button>
          )}
        </div>
      </div>
    );
  }
  const { entries, truncated, phone_number } = query.data;
  const campaign = campaignId ? entries.find((e) => e.campaign_id === campaignId)?.campaign_name : undefined;
  return (
    <div className="space-y-4">
      {back}
      {campaignId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          <span>{t("conversation.campaignOnly", { name: campaign ?? `#${campaignId}` })}</span>
          <Link to={lp(`/inbox/${phone_number}`)} className={linkClass}>
            {t("conversation.showAll")}
          </Link>
        </p>
      ) : null}
      {truncated ? (
        <p className="text-sm text-gray-600">
          {t("conversation.truncated", { max: formatNumber(INBOX_CONVERSATION_MAX) })}
        </p>
      ) : null}
      <ol aria-label={t("conversation.list")} className="space-y-3" data-testid="conversation">
        {entries.map((entry) => (
          <Entry key={`${entry.direction}-${entry.id}`} entry={entry} />
        ))}
      </ol>
    </div>
  );
}
