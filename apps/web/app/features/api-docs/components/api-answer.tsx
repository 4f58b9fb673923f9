import { useTranslation } from "react-i18next";
import type { TryAnswer } from "../api/try-public-api";
import { CodeBlock } from "./code-block";

/**
 * The answer of a call made from the docs' "Try it" panel or the test console: the call, its HTTP
 * status (green below 300), how long it took and the body. Announced when it arrives.
 */
export function ApiAnswer({
  answer,
  testIdPrefix,
}: {
  answer: (TryAnswer & { call: string }) | null;
  testIdPrefix: "try" | "console";
}) {
  const { t } = useTranslation("api-docs");
  return (
    <div aria-live="polite" className="min-w-0">
      {answer ? (
        <div className="space-y-2" data-testid={`${testIdPrefix}-answer`}>
          <p className="text-sm">
            <span className="font-mono text-gray-700">{answer.call}</span>{" "}
            <span
              className={`ms-1 rounded px-2 py-0.5 font-mono text-xs font-bold ${
                answer.status < 300 ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"
              }`}
              data-testid={`${testIdPrefix}-status`}
            >
              {answer.status}
            </span>{" "}
            <span className="text-gray-600">{t("try.duration", { ms: answer.durationMs })}</span>
          </p>
          <CodeBlock
            code={typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body, null, 2)}
            label={t("try.answer")}
            testId={`${testIdPrefix}-body`}
          />
        </div>
      ) : null}
    </div>
  );
}
