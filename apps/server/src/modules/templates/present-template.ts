import type { schema } from "@sms/db";
import { TEMPLATE_EXCERPT_LENGTH, type TTemplate, type TTemplateListItem } from "@sms/domain";

type TemplateRow = typeof schema.smsTemplates.$inferSelect;

export function presentTemplate(row: TemplateRow): TTemplate {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// Thai vowel and tone marks combine with the consonant before them: cutting between the two would
// leave a broken syllable, so the excerpt is cut between graphemes (which also keeps emoji whole).
const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });

/** The start of a message for a list row, with "…" when there is more. */
export function excerptOf(message: string, length = TEMPLATE_EXCERPT_LENGTH): string {
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(message)) {
    if (parts.length === length) return `${parts.join("").trimEnd()}…`;
    parts.push(segment);
  }
  return message;
}

export function presentTemplateListItem(row: TemplateRow): TTemplateListItem {
  const { message, ...rest } = presentTemplate(row);
  return { ...rest, message_excerpt: excerptOf(message), message_length: message.length };
}
