import { strayUnicode } from "@sms/domain/rules/sms";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";

export interface UnicodeHintProps {
  /** The message as typed. */
  message: string;
  /** Replaces the typographic characters that have a plain twin (withPlainTwins); no button without it. */
  onUsePlain?: () => void;
}

/**
 * Under a message field: which stray characters make a mostly-English text unicode (70 characters
 * per SMS instead of 160), in plain words, with a way to swap curly quotes and dashes for plain
 * ones (issue 24, D30). Says nothing for a Thai message, where unicode is the point.
 */
export function UnicodeHint({ message, onUsePlain }: UnicodeHintProps) {
  const { t } = useTranslation("templates");
  const stray = strayUnicode(message);
  if (stray.length === 0) return null;
  const fixable = stray.some((s) => s.plain !== null);
  return (
    <div
      className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="sms-forcing"
    >
      <p className="min-w-0">
        {t("hint.stray", { count: stray.length })}{" "}
        {stray.map((s, i) => (
          <span key={s.char}>
            {i > 0 ? " " : null}
            <mark
              className="rounded-sm bg-amber-200 px-1 font-mono text-gray-900"
              data-testid="sms-forcing-char"
            >
              {s.char.trim() === "" ? "␣" : s.char}
            </mark>
          </span>
        ))}{" "}
        {t("hint.cost", { count: stray.length })}
      </p>
      {fixable && onUsePlain ? (
        <Button size="sm" variant="light-primary" onClick={onUsePlain} data-testid="sms-use-plain">
          {t("hint.usePlain")}
        </Button>
      ) : null}
    </div>
  );
}
