import { optOutFooterPreview } from "@sms/domain/rules/opt-out";
import { countSms } from "@sms/domain/rules/sms";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/form";
import { countedText, linkOrigin } from "./track-links-field";

interface OptOutLinkFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The text and its tracked links, to show what the footer costs it. */
  message: string;
  trackLinks: boolean;
  testId: string;
}

/**
 * "Add an opt-out link" on a marketing send (ADR 93), on by default: the footer each recipient gets
 * (its token written as `x`s, as long as the real one) and what it costs: its characters, and the
 * parts of one message with and without it.
 */
export function OptOutLinkField<T extends FieldValues & { opt_out_link?: boolean | undefined }>({
  control,
  message,
  trackLinks,
  testId,
}: OptOutLinkFieldProps<T>) {
  const { t } = useTranslation("messages");
  const { field } = useController({ control, name: "opt_out_link" as Path<T> });
  const on = field.value !== false;
  const footer = optOutFooterPreview(message, linkOrigin());
  const without = countSms(countedText(message, trackLinks)).parts;
  const withFooter = countSms(countedText(message, trackLinks, true)).parts;
  return (
    <div className="space-y-2">
      <Checkbox
        ref={field.ref}
        name={field.name}
        onBlur={field.onBlur}
        checked={on}
        onChange={field.onChange}
        description={<span data-testid={`${testId}-help`}>{t("optOut.help")}</span>}
        data-testid={testId}
      >
        {t("optOut.label")}
      </Checkbox>
      {on ? (
        <div className="ms-7 space-y-1 text-sm text-gray-700" data-testid={`${testId}-cost`}>
          <p className="rounded-md bg-gray-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-gray-900">
            {footer.trimStart()}
          </p>
          <p>
            {message === ""
              ? t("optOut.characters", { count: footer.length })
              : withFooter === without
                ? t("optOut.costSame", { count: withFooter, characters: footer.length })
                : t("optOut.cost", { count: footer.length, without, with: withFooter })}
          </p>
        </div>
      ) : (
        <p className="ms-7 text-sm text-amber-800" data-testid={`${testId}-off`}>
          {t("optOut.offWarning")}
        </p>
      )}
    </div>
  );
}
