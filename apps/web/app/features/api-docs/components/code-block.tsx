import { useTranslation } from "react-i18next";
import { Button, spokenName } from "~/components/form";
import { copyToClipboard } from "~/lib/clipboard";

/**
 * Code in a plain <pre> (no highlighter: the docs stay light), scrolling sideways inside itself
 * on a narrow screen, with a copy button and its toast.
 */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { t } = useTranslation("api-docs");
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="sr-only">{label}</figcaption>
      <div className="flex justify-end">
        <Button
          variant="light-primary"
          size="sm"
          aria-label={spokenName(t("copy.button"), t("copy.label", { what: label }))}
          data-testid={testId ? `${testId}-copy` : undefined}
          onClick={() => void copyToClipboard(code, { done: t("copy.done"), failed: t("copy.failed") })}
        >
          {t("copy.button")}
        </Button>
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: code that scrolls sideways must be reachable by keyboard to scroll it.
        tabIndex={0}
        data-testid={testId}
        className="max-w-full overflow-x-auto rounded-md bg-gray-900 p-3 text-xs leading-relaxed text-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
