import { useTranslation } from "react-i18next";
import { PlainTable, ScrollRegion } from "~/components/table";
import { EXAMPLE_LANGUAGES, type ExampleContext, examplesFor } from "../lib/examples";
import type { ApiField, ApiOperation } from "../lib/openapi";
import { CodeBlock } from "./code-block";
import { Tabs } from "./tabs";

const METHOD_TONE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

/** Inline `code` in the server's English descriptions, shown as code. */
function Described({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move.
          <code key={index} className="rounded bg-gray-100 px-1 text-[0.9em] break-words">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function FieldsTable({ op, fields, caption }: { op: ApiOperation; fields: ApiField[]; caption: string }) {
  const { t } = useTranslation("api-docs");
  return (
    // Named with its operation: a page of operations has a request body table for each, and two
    // regions of one name are one landmark too many (axe landmark-unique).
    <ScrollRegion label={`${caption} (${op.method} ${op.path})`}>
      <PlainTable
        look="reference"
        caption={caption}
        columns={[
          { label: t("fields.name") },
          { label: t("fields.type") },
          { label: t("fields.required") },
          { label: t("fields.description") },
        ]}
      >
        {fields.map((field) => {
          const description = t(`operations.${op.id}.fields.${field.name}`, {
            defaultValue: field.description ?? "",
          });
          return (
            <tr key={`${field.in ?? "body"}:${field.path}`} data-testid={`field-${op.id}-${field.path}`}>
              <td className="px-3 py-2 align-top whitespace-nowrap">
                <code className="font-semibold text-gray-900">{field.path}</code>
                {field.in && field.in !== "body" ? (
                  <span className="ms-1 text-xs text-gray-500">({field.in})</span>
                ) : null}
              </td>
              <td className="px-3 py-2 align-top">
                <code className="text-xs break-words text-gray-700">{field.type}</code>
              </td>
              <td className="px-3 py-2 align-top whitespace-nowrap">
                {field.required ? (
                  <span className="font-medium text-red-700">{t("fields.yes")}</span>
                ) : (
                  <span className="text-gray-500">{t("fields.no")}</span>
                )}
              </td>
              <td className="min-w-48 px-3 py-2 align-top break-words text-gray-700">
                {description ? <Described text={description} /> : null}
              </td>
            </tr>
          );
        })}
      </PlainTable>
    </ScrollRegion>
  );
}

/** One public operation: what it does, how it is called, what it answers, and examples to copy. */
export function OperationCard({ op, context }: { op: ApiOperation; context: ExampleContext }) {
  const { t } = useTranslation("api-docs");
  const headingId = `op-${op.id}-heading`;
  const examples = examplesFor(op, context);
  const summary = t(`operations.${op.id}.summary`, { defaultValue: op.summary || `${op.method} ${op.path}` });
  const description = t(`operations.${op.id}.description`, { defaultValue: op.description });
  const isOtp = /\/otp(\/|$)/.test(op.path);

  return (
    <article
      id={`op-${op.id}`}
      aria-labelledby={headingId}
      className="min-w-0 scroll-mt-20 space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-testid={`operation-${op.id}`}
    >
      <header className="space-y-2">
        <h3 id={headingId} className="text-lg font-semibold text-gray-900">
          {summary}
        </h3>
        <p className="flex min-w-0 flex-wrap items-center gap-2">
          <span
            className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_TONE[op.method] ?? "bg-gray-100"}`}
            data-testid="operation-method"
          >
            {op.method}
          </span>
          <code className="font-mono text-sm break-all text-gray-900" data-testid="operation-path">
            {op.path}
          </code>
        </p>
        {description ? (
          <p className="text-sm break-words text-gray-700">
            <Described text={description} />
          </p>
        ) : null}
        <p className="text-sm text-gray-700">
          {op.basicAuth ? t("auth.basic") : isOtp ? t("auth.otpBody") : t("auth.none")}
        </p>
      </header>

      {op.parameters.length > 0 ? (
        <section className="space-y-2">
          <h4 className="font-semibold text-gray-900">{t("parameters")}</h4>
          <FieldsTable op={op} fields={op.parameters} caption={t("parameters")} />
        </section>
      ) : null}

      {op.body.length > 0 ? (
        <section className="space-y-2">
          <h4 className="font-semibold text-gray-900">{t("body")}</h4>
          {op.bodyContentTypes.length > 0 ? (
            <p className="text-xs text-gray-600">
              {t("contentTypes", { types: op.bodyContentTypes.join(", ") })}
              {op.basicAuth ? ` ${t("formBody")}` : ""}
            </p>
          ) : null}
          <FieldsTable op={op} fields={op.body} caption={t("body")} />
        </section>
      ) : null}

      <section className="space-y-2">
        <h4 className="font-semibold text-gray-900">{t("responses")}</h4>
        <ul className="space-y-3">
          {op.responses.map((response) => (
            <li
              key={response.status}
              className="min-w-0 space-y-1"
              data-testid={`response-${op.id}-${response.status}`}
            >
              <p className="text-sm">
                <span
                  className={`me-2 rounded px-2 py-0.5 font-mono text-xs font-bold ${
                    response.status.startsWith("2")
                      ? "bg-green-100 text-green-900"
                      : "bg-red-100 text-red-900"
                  }`}
                >
                  {response.status}
                </span>
                {t(`status.${response.status}`, { defaultValue: t("status.other") })}
              </p>
              {response.example !== null ? (
                <CodeBlock
                  code={JSON.stringify(response.example, null, 2)}
                  label={t("responseExample", { status: response.status })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-2">
        <h4 className="font-semibold text-gray-900">{t("examples.title")}</h4>
        <Tabs
          label={t("examples.tabsLabel", { operation: `${op.method} ${op.path}` })}
          testId={`examples-${op.id}`}
          items={EXAMPLE_LANGUAGES.flatMap((language) => {
            const code = examples[language];
            return code === undefined
              ? []
              : [
                  {
                    id: language,
                    label: t(`examples.languages.${language}`),
                    content: (
                      <CodeBlock
                        code={code}
                        label={t("examples.codeLabel", {
                          language: t(`examples.languages.${language}`),
                          operation: `${op.method} ${op.path}`,
                        })}
                        testId={`example-${op.id}-${language}`}
                      />
                    ),
                  },
                ];
          })}
        />
      </section>
    </article>
  );
}
