import { useTranslation } from "react-i18next";
import { Button, spokenName } from "~/components/form";
import { copyToClipboard } from "~/lib/clipboard";

/** Copies a value; `label` names what is copied for screen readers ("Copy SMS API key"). */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation("api-keys");
  return (
    <Button
      variant="light-primary"
      size="sm"
      aria-label={spokenName(t("keys.copy"), label)}
      data-testid={testId}
      onClick={() => void copyToClipboard(value, { done: t("toast.copied"), failed: t("toast.copyFailed") })}
    >
      {t("keys.copy")}
    </Button>
  );
}
