import type { Locale } from "@sms/domain/routes";
import { countSms, type SmsCount } from "@sms/domain/rules/sms";
import {
  findTemplateTags,
  renderTemplate,
  sampleContact,
  type TemplateContact,
} from "@sms/domain/rules/template-tags";
import { useTranslation } from "react-i18next";

export interface MessageCount {
  /** The message as one recipient gets it: tags filled with the sample contact. */
  rendered: string;
  /** Counted on `rendered`: the one count every counter shows (issue 24, D30). */
  count: SmsCount;
  /** The message as typed, counted: what its own text costs. */
  typed: SmsCount;
  hasTags: boolean;
}

/**
 * Counts a message the way every counter on the page does, so they never disagree. `sample` null:
 * the text goes as written (an instant message has no contact to fill tags from).
 */
export function countMessage(message: string, sample: TemplateContact | null): MessageCount {
  const rendered = sample ? renderTemplate(message, sample) : message;
  return {
    rendered,
    count: countSms(rendered),
    typed: countSms(message),
    hasTags: sample !== null && findTemplateTags(message).some((tag) => tag.known),
  };
}

/** The page's language as a locale: the sample contact follows it (D29). */
export function usePageLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === "en" ? "en" : "th";
}

/** The sample contact of the page's language: สมชาย ใจดี on a Thai page. */
export function usePageSample(): TemplateContact {
  return sampleContact(usePageLocale());
}
