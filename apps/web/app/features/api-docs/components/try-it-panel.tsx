import { PUBLIC_SMS_MAX_MESSAGE } from "@sms/domain/contracts/public-api";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, FormAlert, Textarea, TextInput } from "~/components/form";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { type TryAnswer, tryPublicApi } from "../api/try-public-api";
import { ApiAnswer } from "./api-answer";

/**
 * "Try it": the user's browser calls POST /api/v2/sms and GET /api/v2/credit exactly as their
 * system would, with HTTP Basic. The secret is typed in each time: it stays in this component's
 * state (never in storage, never in a query cache) and is gone when the page is left. The sender
 * starts as the organization's first own approved sender (`ownSender`: null when it has none,
 * undefined while loading); without one the field says where to request it.
 */
export function TryItPanel({
  smsKey,
  ownSender,
}: {
  smsKey: string | null;
  ownSender: string | null | undefined;
}) {
  const { t } = useTranslation("api-docs");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const [key, setKey] = useState<string | null>(null);
  const [secret, setSecret] = useState("");
  const [msisdn, setMsisdn] = useState("");
  const [message, setMessage] = useState("");
  const [sender, setSender] = useState<string | null>(null);
  const [answer, setAnswer] = useState<(TryAnswer & { call: string }) | null>(null);
  const [pending, setPending] = useState<"sms" | "credit" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const keyValue = key ?? smsKey ?? "";
  const senderValue = sender ?? ownSender ?? "";

  const run = async (kind: "sms" | "credit") => {
    setProblem(null);
    if (!keyValue.trim() || !secret.trim()) {
      setProblem(t("try.needCredentials"));
      return;
    }
    setPending(kind);
    try {
      const result =
        kind === "sms"
          ? await tryPublicApi({
              method: "POST",
              path: "/sms",
              key: keyValue.trim(),
              secret: secret.trim(),
              body: { msisdn, message, sender: senderValue },
              locale,
            })
          : await tryPublicApi({
              method: "GET",
              path: "/credit",
              key: keyValue.trim(),
              secret: secret.trim(),
              locale,
            });
      setAnswer({ ...result, call: kind === "sms" ? "POST /api/v2/sms" : "GET /api/v2/credit" });
    } catch {
      setAnswer(null);
      setProblem(t("try.network"));
    } finally {
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run("sms");
  };

  return (
    <section aria-labelledby="try-it-heading" id="try-it" className="min-w-0 scroll-mt-20 space-y-4">
      <h2 id="try-it-heading" className="text-xl font-semibold text-gray-900">
        {t("try.title")}
      </h2>
      <p className="max-w-3xl text-sm text-gray-700">{t("try.intro")}</p>
      <p
        role="note"
        className="max-w-3xl rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
        data-testid="try-simulator-note"
      >
        {t("try.simulator")}{" "}
        <a href="/dev/inbox" className="font-medium underline">
          /dev/inbox
        </a>
      </p>
      {smsKey ? null : (
        <p className="text-sm text-gray-700" data-testid="try-no-key">
          {t("try.noKey")}{" "}
          <Link to={lp("/sms-api")} className="font-medium text-primary-700 underline">
            {t("try.keysLink")}
          </Link>
        </p>
      )}
      <form
        onSubmit={submit}
        noValidate
        autoComplete="off"
        className="grid min-w-0 gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
        data-testid="try-it-form"
      >
        <TextInput
          label={t("try.key")}
          value={keyValue}
          onChange={setKey}
          autoComplete="off"
          spellCheck={false}
          data-testid="try-key"
        />
        <TextInput
          type="password"
          label={t("try.secret")}
          description={t("try.secretHint")}
          value={secret}
          onChange={setSecret}
          autoComplete="off"
          data-testid="try-secret"
        />
        <TextInput
          // A comma-separated list: the tel field's typing filter (digits only, 12 at most) would refuse it.
          inputMode="tel"
          label={t("try.msisdn")}
          description={t("try.msisdnHint")}
          value={msisdn}
          onChange={setMsisdn}
          data-testid="try-msisdn"
        />
        <TextInput
          label={t("try.sender")}
          value={senderValue}
          onChange={setSender}
          description={
            ownSender === null ? (
              <span data-testid="try-no-sender">
                {t("try.noSender")}{" "}
                <Link to={lp("/senders/create")} className="font-medium text-primary-700 underline">
                  {t("try.requestSender")}
                </Link>
              </span>
            ) : undefined
          }
          data-testid="try-sender"
        />
        <Textarea
          label={t("try.message")}
          value={message}
          onChange={setMessage}
          maxLength={PUBLIC_SMS_MAX_MESSAGE}
          showCounter
          className="sm:col-span-2"
          data-testid="try-message"
        />
        <FormAlert className="sm:col-span-2">{problem}</FormAlert>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button
            type="submit"
            isLoading={pending === "sms"}
            disabled={pending !== null}
            data-testid="try-send"
          >
            {t("try.send")}
          </Button>
          <Button
            variant="light-primary"
            isLoading={pending === "credit"}
            disabled={pending !== null}
            onClick={() => void run("credit")}
            data-testid="try-credit"
          >
            {t("try.credit")}
          </Button>
        </div>
      </form>
      <ApiAnswer answer={answer} testIdPrefix="try" />
    </section>
  );
}
