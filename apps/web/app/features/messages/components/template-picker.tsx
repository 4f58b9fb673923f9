import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useFetchTemplate, useTemplateChoices } from "../api/template-choices";

export interface TemplatePickerProps {
  /** The chosen template's id, or undefined. */
  value: number | undefined;
  /** A template was chosen (its whole text) or cleared (null). */
  onChoose: (choice: { id: number; message: string } | null) => void;
  /** Its text could not be read: the reason in the page's language. */
  onError: (text: string) => void;
  testId: string;
}

/**
 * The organization's templates that are on, for a sending form to start from (every sending form
 * has it, issue 24 D31); the text is put in the message, which stays editable. Nothing is shown when
 * there is no template (or the member may not read them).
 */
export function TemplatePicker({ value, onChoose, onError, testId }: TemplatePickerProps) {
  const { t } = useTranslation("messages");
  const templates = useTemplateChoices();
  const fetchTemplate = useFetchTemplate();
  const [loading, setLoading] = useState(false);
  if (!templates.isSuccess || templates.data.length === 0) return null;

  const choose = async (chosen: string) => {
    if (chosen === "") {
      onChoose(null);
      return;
    }
    const id = Number(chosen);
    setLoading(true);
    try {
      const template = await fetchTemplate(id);
      onChoose({ id, message: template.message });
    } catch (error) {
      onChoose(null);
      onError(isApiError(error) ? error.message : t("picker.failed"));
    } finally {
      setLoading(false);
    }
  };

  return (
    <SelectField
      value={value === undefined ? "" : String(value)}
      onChange={(chosen) => void choose(chosen)}
      label={t("picker.label")}
      placeholder={t("picker.none")}
      options={templates.data.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
      description={loading ? t("picker.loading") : t("picker.help")}
      aria-busy={loading || undefined}
      data-testid={testId}
    />
  );
}
