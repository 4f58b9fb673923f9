import { hasMarkup, PERSON_NAME_MAX_LENGTH } from "../rules/person-name.ts";

/**
 * The contact-us form's rules without zod: ZContactUsRequest (server) is built from these
 * constants, and the marketing page's small enhancement script checks a form with
 * `contactFormIssues` before sending, so both give the same message for the same input
 * (contact-rules.test.ts holds them to it).
 */
export const CONTACT_TOPICS = ["sales", "support", "sender", "billing", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = {
  name: PERSON_NAME_MAX_LENGTH,
  email: 254,
  company: 150,
  messageMin: 10,
  messageMax: 2000,
} as const;

/** zod's own e-mail pattern, named here so the browser check needs no zod. */
export const CONTACT_EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const CONTACT_PHONE_PATTERN = /^(?:\+?66|0)\d{8,9}$/;

/** Spaces and dashes people type inside a number are not part of it. */
export function contactPhoneDigits(value: string): string {
  return value.trim().replace(/[\s-]/g, "");
}

export type ContactField = "name" | "email" | "phone" | "company" | "topic" | "message";

/** The message key of each field's first problem (keys of the shared catalogues); empty when valid. */
export function contactFormIssues(
  values: Partial<Record<ContactField, string>>,
): Partial<Record<ContactField, string>> {
  const issues: Partial<Record<ContactField, string>> = {};
  const name = (values.name ?? "").trim();
  if (!name) issues.name = "validation.required";
  else if (name.length > CONTACT_LIMITS.name) issues.name = "marketing.validation.name_too_long";
  else if (hasMarkup(name)) issues.name = "validation.name_markup";

  const email = (values.email ?? "").trim();
  if (!email) issues.email = "validation.required";
  else if (email.length > CONTACT_LIMITS.email || !CONTACT_EMAIL_PATTERN.test(email))
    issues.email = "marketing.validation.email_invalid";

  const phone = contactPhoneDigits(values.phone ?? "");
  if (phone && !CONTACT_PHONE_PATTERN.test(phone)) issues.phone = "validation.phone_min_length";

  if ((values.company ?? "").trim().length > CONTACT_LIMITS.company)
    issues.company = "marketing.validation.company_too_long";

  const topic = values.topic ?? "";
  if (!topic) issues.topic = "validation.required";
  else if (!(CONTACT_TOPICS as readonly string[]).includes(topic))
    issues.topic = "marketing.validation.topic_invalid";

  const message = (values.message ?? "").trim();
  if (!message) issues.message = "validation.required";
  else if (message.length < CONTACT_LIMITS.messageMin)
    issues.message = "marketing.validation.message_too_short";
  else if (message.length > CONTACT_LIMITS.messageMax)
    issues.message = "marketing.validation.message_too_long";
  return issues;
}
