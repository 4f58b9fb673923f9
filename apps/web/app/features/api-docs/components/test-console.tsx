import { PUBLIC_SMS_MAX_MESSAGE } from "@sms/domain/contracts/public-api";
import { memberCan } from "@sms/domain/permissions";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, FormAlert, Textarea, TextInput } from "~/components/form";
import { controlClass, FieldLabel } from "~/components/form/field";
import { sendersFor, useSendableSenders } from "~/features/messages";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useDocsApiKeys } from "../api/get-api-keys";
import { useDocsMemberRole } from "../api/get-member-role";
import { consolePublicApi, type TryAnswer } from "../api/try-public-api";
import {
  CONSOLE_LANGUAGES,
  CONSOLE_PATHS,
  type ConsoleOperation,
  consoleSnippets,
} from "../lib/console-snippets";
import { ApiAnswer } from "./api-answer";
import { CodeBlock } from "./code-block";
import { Tabs } from "./tabs";

const pageOrigin = () => (typeof window === "undefined" ? "" : window.location.origin);
const LANGUAGE_LABELS = { curl: "curl", node: "Node.js", php: "PHP", python: "Python" } as const;

/**
 * /sms-api/console (issue 27 point 3): pick one of the organization's keys, paste its secret (the
 * portal never shows a secret again; this one lives in this component's state only, never in
 * storage or a query cache, and is gone when the page is left), send an SMS or an OTP request or
 * verify through the real public API from the browser, see the answer, and the same request as
 * curl, Node, PHP and Python, the secret masked until pasted. The call lands in the request log.
 */
export function TestConsole({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation("api-docs");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const keys = useDocsApiKeys(organizationId);
  const role = useDocsMemberRole(organizationId);
  const maySeeSenders = role.data !== undefined && memberCan(role.data, "senders.manage");
  const senders = useSendableSenders({ enabled: maySeeSenders });
  const ownSender = maySeeSenders && senders.data ? (sendersFor(senders.data, "general")[0]?.name ?? "") : "";

  const [kind, setKind] = useState<"sms" | "otp" | null>(null);
  const [otpStep, setOtpStep] = useState<"otp-request" | "otp-verify">("otp-request");
  const [secret, setSecret] = useState("");
  const [msisdn, setMsisdn] = useState("");
  const [message, setMessage] = useState("");
  const [sender, setSender] = useState<string | null>(null);
  const [token, setToken] = useState("");
  const [pin, setPin] = useState("");
  const [answer, setAnswer] = useState<(TryAnswer & { call: string }) | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const keyId = useId();

  const available = (["sms", "otp"] as const).filter((k) => keys.data?.[k].key);
  const chosen = kind ?? available[0] ?? null;
  const key = chosen ? (keys.data?.[chosen].key ?? "") : "";
  const operation: ConsoleOperation = chosen === "otp" ? otpStep : "sms";
  const senderValue = sender ?? ownSender;
  const fields: Record<string, string> =
    operation === "sms"
      ? { msisdn, message, sender: senderValue }
      : operation === "otp-request"
        ? { msisdn }
        : { token, pin };
  const snippets = consoleSnippets({ operation, origin: pageOrigin(), key, secret: secret.trim(), fields });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!key || !secret.trim()) {
      setProblem(t("console.needSecret"));
      return;
    }
    setPending(true);
    try {
      const path = CONSOLE_PATHS[operation].replace("/api/v2", "") as "/sms" | "/otp/request" | "/otp/verify";
      const result = await consolePublicApi({ path, key, secret: secret.trim(), body: fields, locale });
      setAnswer({ ...result, call: `POST ${CONSOLE_PATHS[operation]}` });
      const issued = result.body as { token?: unknown };
      if (operation === "otp-request" && result.status === 200 && typeof issued.token === "string") {
        // The next step checks this code: the token is filled in, the pin is what the phone got.
        setToken(issued.token);
        setPin("");
        setOtpStep("otp-verify");
      }
    } catch {
      setAnswer(null);
      setProblem(t("try.network"));
    } finally {
      setPending(false);
    }
  };

  if (keys.isPending) return <p className="text-sm text-gray-600">{t("console.loading")}</p>;
  if (keys.isError)
    return (
      <FormAlert>
        {t("console.keysFailed")}{" "}
        <Button variant="light-gray" size="sm" onClick={() => void keys.refetch()}>
          {t("console.retry")}
        </Button>
      </FormAlert>
    );
  if (available.length === 0)
    return (
      <p className="text-sm text-gray-700" data-testid="console-no-key">
        {t("console.noKey")}{" "}
        <Link to={lp("/sms-api")} className="font-medium text-primary-700 underline">
          {t("try.keysLink")}
        </Link>
      </p>
    );

  return (
    <div className="min-w-0 space-y-6">
      <p
        role="note"
        className="max-w-3xl rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
      >
        {t("console.secretNote")}
      </p>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        autoComplete="off"
        className="grid min-w-0 gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
        data-testid="console-form"
      >
        <div>
          <FieldLabel htmlFor={keyId} id={`${keyId}-label`}>
            {t("console.key")}
          </FieldLabel>
          <select
            id={keyId}
            value={chosen ?? ""}
            onChange={(e) => {
              setKind(e.target.value as "sms" | "otp");
              setAnswer(null);
            }}
            className={`${controlClass} py-[calc(--spacing(2)-1px)]`}
            data-testid="console-key"
          >
            {available.map((k) => (
              <option key={k} value={k}>
                {t(`console.kind.${k}`)} · {keys.data?.[k].key}
              </option>
            ))}
          </select>
        </div>
        <TextInput
          type="password"
          label={t("console.secret")}
          description={t("console.secretHint")}
          value={secret}
          onChange={setSecret}
          autoComplete="off"
          data-testid="console-secret"
        />
        {chosen === "otp" ? (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-gray-800">{t("console.operation")}</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              {(["otp-request", "otp-verify"] as const).map((step) => (
                <label key={step} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    name="otp-step"
                    value={step}
                    checked={otpStep === step}
                    onChange={() => setOtpStep(step)}
                    className="size-4 accent-primary-700"
                  />
                  {t(`console.operations.${step}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {operation === "otp-verify" ? (
          <>
            <TextInput
              label={t("console.token")}
              value={token}
              onChange={setToken}
              spellCheck={false}
              data-testid="console-token"
            />
            <TextInput
              label={t("console.pin")}
              inputMode="numeric"
              value={pin}
              onChange={setPin}
              data-testid="console-pin"
            />
          </>
        ) : (
          <TextInput
            inputMode="tel"
            label={t("try.msisdn")}
            description={operation === "sms" ? t("try.msisdnHint") : undefined}
            value={msisdn}
            onChange={setMsisdn}
            data-testid="console-msisdn"
          />
        )}
        {operation === "sms" ? (
          <>
            <TextInput
              label={t("try.sender")}
              value={senderValue}
              onChange={setSender}
              data-testid="console-sender"
            />
            <Textarea
              label={t("try.message")}
              value={message}
              onChange={setMessage}
              maxLength={PUBLIC_SMS_MAX_MESSAGE}
              showCounter
              className="sm:col-span-2"
              data-testid="console-message"
            />
          </>
        ) : null}
        <FormAlert className="sm:col-span-2">{problem}</FormAlert>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" isLoading={pending} data-testid="console-send">
            {t(`console.send.${operation}`)}
          </Button>
          <Link to={lp("/reports/api-logs")} className="text-sm font-medium text-primary-700 underline">
            {t("console.logLink")}
          </Link>
        </div>
      </form>
      <ApiAnswer answer={answer} testIdPrefix="console" />
      <section aria-labelledby="console-code" className="min-w-0 space-y-2">
        <h2 id="console-code" className="text-lg font-semibold text-gray-900">
          {t("console.code")}
        </h2>
        <p className="text-sm text-gray-600">
          {t(secret.trim() ? "console.codePasted" : "console.codeMasked")}
        </p>
        <Tabs
          label={t("console.code")}
          testId="console-snippets"
          items={CONSOLE_LANGUAGES.map((language) => ({
            id: language,
            label: LANGUAGE_LABELS[language],
            content: (
              <CodeBlock
                code={snippets[language]}
                label={LANGUAGE_LABELS[language]}
                testId={`snippet-${language}`}
              />
            ),
          }))}
        />
      </section>
    </div>
  );
}
