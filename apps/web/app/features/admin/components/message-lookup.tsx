import { messageStatusLabel, messageTypeLabel } from "@sms/domain/contracts/message-exports";
import type { TStaffMessage } from "@sms/domain/contracts/smsc-routes";
import type { Locale } from "@sms/domain/routes";
import { formatDateTime } from "@sms/domain/rules/format";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button, FormAlert, TextInput } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { dataKey } from "~/lib/i18n";
import { useStaffMessage } from "../api/smsc-routes";

const DIGITS = /^\d{1,15}$/;

/**
 * Staff look a message up by its number (issue 26 point 2): the connection it was handed to, the
 * route that chose it, the gateway's ids and its status. The number stays in the address (?id=), so
 * a lookup can be shared and survives a reload.
 */
export function MessageLookup() {
  const { t, i18n } = useTranslation("admin");
  const locale = (i18n.language === "en" ? "en" : "th") as Locale;
  const [params, setParams] = useSearchParams();
  const asked = params.get("id") ?? "";
  const id = DIGITS.test(asked) ? Number(asked) : null;
  const [typed, setTyped] = useState(asked);
  const [invalid, setInvalid] = useState(false);
  const query = useStaffMessage(id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!DIGITS.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setParams({ id: value });
  };

  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submit} className="flex max-w-md flex-wrap items-start gap-2">
        <TextInput
          label={t("messageLookup.idLabel")}
          value={typed}
          onChange={setTyped}
          inputMode="numeric"
          autoComplete="off"
          error={invalid ? t("messageLookup.invalid") : undefined}
          className="min-w-0 flex-1"
          data-testid="message-id"
        />
        <Button type="submit" isLoading={query.isFetching} className="mt-6" data-testid="find-message">
          {t("messageLookup.find")}
        </Button>
      </form>
      {notFound ? <FormAlert>{t("messageLookup.notFound", { id })}</FormAlert> : null}
      {query.isError && !notFound ? <FormAlert>{t("messageLookup.loadFailed")}</FormAlert> : null}
      {query.data ? <MessageFacts message={query.data} locale={locale} /> : null}
    </div>
  );
}

function MessageFacts({ message, locale }: { message: TStaffMessage; locale: Locale }) {
  const { t } = useTranslation("admin");
  const when = (value: string | null) =>
    value ? formatDateTime(new Date(value), locale) : t("messageLookup.none");
  const named = (thing: { id: number; name: string | null } | null, none: string) =>
    thing ? `${thing.name ?? t("messageLookup.deleted")} (#${thing.id})` : none;
  const facts: [string, string][] = [
    [t("messageLookup.organization"), `${message.organization.name} (#${message.organization.id})`],
    [t("messageLookup.campaign"), `${message.campaign.name} (#${message.campaign.id})`],
    [
      t("messageLookup.purpose"),
      t(dataKey<"admin">(`routes.purposes.${message.type === "otp" ? "otp" : message.campaign.purpose}`)),
    ],
    [t("messageLookup.type"), messageTypeLabel(message.type as never, locale)],
    [t("messageLookup.sender"), message.sender],
    [t("messageLookup.recipient"), message.recipient],
    [t("messageLookup.status"), messageStatusLabel(message.status as never, locale)],
    [t("messageLookup.pair"), `${message.state} / ${message.code ?? t("messageLookup.none")}`],
    [t("messageLookup.submitState"), message.submit_state],
    [t("messageLookup.parts"), `${message.billed_parts} / ${message.wire_parts ?? t("messageLookup.none")}`],
    [t("messageLookup.connection"), named(message.connection, t("messageLookup.notSubmitted"))],
    [
      t("messageLookup.route"),
      named(message.route, message.connection ? t("messageLookup.noRoute") : t("messageLookup.notSubmitted")),
    ],
    [
      t("messageLookup.gatewayIds"),
      message.parts.length > 0
        ? message.parts.map((p) => `${p.part}: ${p.gateway_id}`).join(", ")
        : t("messageLookup.none"),
    ],
    [t("messageLookup.createdAt"), when(message.created_at)],
    [t("messageLookup.submittedAt"), when(message.submitted_at)],
    [t("messageLookup.doneAt"), when(message.done_at)],
  ];
  return (
    <section aria-label={`#${message.id}`} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="text-lg font-semibold">#{message.id}</h2>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]" data-testid="message-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="break-all text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
