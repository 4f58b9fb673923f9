import { TEMPLATE_TAGS, type TemplateTag, templateTag } from "@sms/domain/rules/template-tags";
import { useTranslation } from "react-i18next";
import { InsertButtons } from "~/components/form";

export interface TagButtonsProps {
  onInsert: (tag: TemplateTag) => void;
  /** A tag that no longer fits under the message's limit. */
  isDisabled?: (tag: TemplateTag) => boolean;
}

/** The spec's tags (first name, last name, phone number) as buttons that put them at the caret. */
export function TagButtons({ onInsert, isDisabled }: TagButtonsProps) {
  const { t } = useTranslation("templates");
  return (
    <InsertButtons
      legend={t("tags.legend")}
      hint={t("tags.hint")}
      buttons={TEMPLATE_TAGS.map((tag) => ({
        value: tag,
        label: (
          <>
            <span>{t(`tags.${tag}`)}</span>
            <code className="ms-1 text-xs opacity-75">{templateTag(tag)}</code>
          </>
        ),
        disabled: isDisabled?.(tag) ?? false,
        testId: `insert-${tag}`,
      }))}
      onInsert={onInsert}
    />
  );
}
