import { TEMPLATE_TAGS, type TemplateTag, templateTag } from "@sms/domain/rules/template-tags";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";

export interface TagButtonsProps {
  onInsert: (tag: TemplateTag) => void;
  /** A tag that no longer fits under the message's limit. */
  isDisabled?: (tag: TemplateTag) => boolean;
}

/** The spec's tags (first name, last name, phone number) as buttons that put them at the caret. */
export function TagButtons({ onInsert, isDisabled }: TagButtonsProps) {
  const { t } = useTranslation("templates");
  const hintId = useId();
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-gray-800">{t("tags.legend")}</legend>
      <p id={hintId} className="text-xs text-gray-600">
        {t("tags.hint")}
      </p>
      <div className="flex flex-wrap gap-2">
        {TEMPLATE_TAGS.map((tag) => (
          <Button
            key={tag}
            variant="light-primary"
            size="sm"
            aria-describedby={hintId}
            disabled={isDisabled?.(tag) ?? false}
            // Keeps the caret (and any selection) in the textarea while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(tag)}
            data-testid={`insert-${tag}`}
          >
            <span>{t(`tags.${tag}`)}</span>
            <code className="ms-1 text-xs opacity-75">{templateTag(tag)}</code>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
