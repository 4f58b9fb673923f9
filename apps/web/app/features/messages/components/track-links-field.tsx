import { withOptOutForCounting } from "@sms/domain/rules/opt-out";
import { findLinks, textForCounting } from "@sms/domain/rules/tracked-links";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/form";

/** The origin short links are made on: this site's (the server shortens to its public origin, the same in production). */
export function linkOrigin(): string {
  return typeof window === "undefined" ? "https://localhost" : window.location.origin;
}

/**
 * The text as it will be counted (issue 13 point 4): with links tracked, each link is replaced by
 * a short link's length; with the opt-out footer (a marketing send's, ADR 93), the footer follows
 * with its token written as `x`s. So the live parts and credits match what the server bills.
 */
export function countedText(message: string, trackLinks: boolean, optOut = false): string {
  const text = trackLinks ? textForCounting(message, linkOrigin()) : message;
  return optOut && message !== "" ? withOptOutForCounting(text, linkOrigin()) : text;
}

interface TrackLinksFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The text, to say whether it has links to shorten. */
  message: string;
  testId: string;
}

/** "Shorten and track links": each recipient gets their own short link, and the report counts clicks. */
export function TrackLinksField<T extends FieldValues & { track_links?: boolean | undefined }>({
  control,
  message,
  testId,
}: TrackLinksFieldProps<T>) {
  const { t } = useTranslation("messages");
  const { field } = useController({ control, name: "track_links" as Path<T> });
  const links = findLinks(message).length;
  return (
    <Checkbox
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      checked={Boolean(field.value)}
      onChange={field.onChange}
      description={
        <span data-testid={`${testId}-help`}>
          {t("trackLinks.help")} {field.value && links > 0 ? t("trackLinks.found", { count: links }) : null}
        </span>
      }
      data-testid={testId}
    >
      {t("trackLinks.label")}
    </Checkbox>
  );
}
