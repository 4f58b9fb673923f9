import { devEndpoints } from "@sms/domain/endpoints/dev";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { formatDateTime } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { api } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";

const REFRESH_MS = 3000;
const CHANNELS = ["all", "sms", "email"] as const;
type Channel = (typeof CHANNELS)[number];

/** Outside production: what the SMS simulator and the dev mailbox "sent", newest first. */
export default function DevInboxPage() {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const [channel, setChannel] = useState<Channel>("all");
  const [to, setTo] = useState("");
  const inbox = useQuery({
    queryKey: ["dev-inbox", channel, to.trim()],
    queryFn: async () =>
      (
        await api.call(devEndpoints.inbox, {
          query: { channel: channel === "all" ? undefined : channel, to: to.trim() || undefined, limit: 100 },
        })
      ).data.entities,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => previous,
  });

  return (
    <div className="space-y-4">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("devInbox.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("devInbox.intro", { seconds: REFRESH_MS / 1000 })}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <fieldset className="flex gap-1" aria-label={t("devInbox.channel")}>
          {CHANNELS.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={channel === c}
              onClick={() => setChannel(c)}
              className={`min-h-10 rounded-md px-3 text-sm font-medium ring-1 ring-inset ${
                channel === c
                  ? "bg-primary-700 text-white ring-primary-700"
                  : "bg-white text-gray-700 ring-gray-300"
              }`}
            >
              {t(`devInbox.channels.${c}`)}
            </button>
          ))}
        </fieldset>
        <label className="flex-1 text-sm">
          <span className="mb-1 block font-medium text-gray-800">{t("devInbox.to")}</span>
          <input
            type="search"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder="0812345678 / name@example.com"
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
      </div>
      <ReplyForm />
      {inbox.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {inbox.error.message}
        </p>
      ) : null}
      {inbox.data?.length === 0 ? <p className="text-sm text-gray-500">{t("devInbox.empty")}</p> : null}
      <ol className="space-y-3" aria-live="polite" data-testid="dev-inbox">
        {inbox.data?.map((m) => (
          <li
            key={m.id}
            className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
            data-testid="dev-inbox-entry"
            data-channel={m.channel}
            data-to={m.to}
          >
            <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
              <span
                className={`rounded px-2 py-0.5 font-semibold uppercase ${
                  m.channel === "sms" ? "bg-sky-100 text-sky-800" : "bg-violet-100 text-violet-800"
                }`}
              >
                {t(`devInbox.channels.${m.channel}`)}
              </span>
              <span>
                {t("devInbox.toLabel")}{" "}
                <strong className="break-all text-gray-900">
                  {m.channel === "sms" ? toLocalPhone(m.to) : m.to}
                </strong>
              </span>
              <span>
                {t("devInbox.fromLabel")} {m.from}
              </span>
              <time dateTime={m.created_at} className="ms-auto">
                {formatDateTime(new Date(m.created_at), locale)}
              </time>
            </div>
            {m.subject ? <p className="mt-2 font-semibold text-gray-900">{m.subject}</p> : null}
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-800">{m.text}</p>
            {m.report ? (
              <p className="mt-2 text-xs text-gray-600" data-testid="dev-inbox-report">
                {t("devInbox.report", { state: m.report.state, code: m.report.code })}{" "}
                {resolveDeliveryStatus(m.report.state, m.report.code).label[locale]} ·{" "}
                {m.report.stored
                  ? t("devInbox.reportStored")
                  : t("devInbox.reportDue", { time: formatDateTime(new Date(m.report.due_at), locale) })}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A handset's reply through the simulator: how a tester tries STOP without a phone. */
function ReplyForm() {
  const { t } = useTranslation("account");
  const client = useQueryClient();
  const [from, setFrom] = useState("");
  const [text, setText] = useState("STOP");
  const reply = useMutation({
    mutationFn: async () => (await api.call(devEndpoints.reply, { body: { from, text } })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ["dev-inbox"] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4"
      aria-labelledby="dev-reply-title"
    >
      <h2 id="dev-reply-title" className="font-semibold text-gray-900">
        {t("devInbox.replyTitle")}
      </h2>
      <p className="text-sm text-gray-600">{t("devInbox.replyIntro")}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="text-sm sm:w-48">
          <span className="mb-1 block font-medium text-gray-800">{t("devInbox.replyFrom")}</span>
          <input
            type="tel"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            placeholder="0812345678"
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
        <label className="flex-1 text-sm">
          <span className="mb-1 block font-medium text-gray-800">{t("devInbox.replyText")}</span>
          <input
            type="text"
            required
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={reply.isPending}
          className="min-h-10 rounded-md bg-primary-700 px-4 text-sm font-medium text-white disabled:opacity-50"
        >
          {t("devInbox.replySend")}
        </button>
      </div>
      <div aria-live="polite" className="text-sm">
        {reply.isError ? <p className="text-red-700">{reply.error.message}</p> : null}
        {reply.isSuccess ? (
          <p className="text-green-700">
            {reply.data.stop ? t("devInbox.replyStop") : t("devInbox.replySent")}
          </p>
        ) : null}
      </div>
    </form>
  );
}
