import type { Locale } from "../routes.ts";
import { fallbackOf, PLACEHOLDER_PATTERN } from "./personalisation.ts";
import { toLocalPhone } from "./phone.ts";

/**
 * The tags an SMS template may hold (spec §3 SMS template: first name, last name, phone number),
 * written `{first_name}`, `{last_name}` and `{phone_number}` in the message. Braces around an
 * identifier are reserved for tags, so a typo such as `{firstname}` is refused when the template is
 * saved instead of being sent to every contact as it is. Braces around anything else (`{1234}`,
 * `{ชื่อ}`, `{ }`) are ordinary text. A tag may name a fallback for recipients without a value:
 * `{first_name|ลูกค้า}` (rules/personalisation.ts).
 */
export const TEMPLATE_TAGS = ["first_name", "last_name", "phone_number"] as const;
export type TemplateTag = (typeof TEMPLATE_TAGS)[number];

/** How a tag is written in a message, with its fallback when one is given. */
export function templateTag(tag: string, fallback?: string): string {
  const value = fallbackOf(fallback);
  return value === undefined ? `{${tag}}` : `{${tag}|${value}}`;
}

export function isTemplateTag(name: string): name is TemplateTag {
  return (TEMPLATE_TAGS as readonly string[]).includes(name);
}

export interface TemplateTagMatch {
  /** The identifier between the braces. */
  name: string;
  /** Index of the opening brace in the message (UTF-16 units, as a textarea's caret counts). */
  index: number;
  /** The whole placeholder, braces included. */
  text: string;
  known: boolean;
  /** What a recipient without a value gets (`{first_name|ลูกค้า}`), or null. */
  fallback: string | null;
}

/** Every placeholder of a message, in order. */
export function findTemplateTags(message: string): TemplateTagMatch[] {
  return Array.from(message.matchAll(PLACEHOLDER_PATTERN), (match) => {
    const name = match[1] ?? "";
    const fallback = fallbackOf(match[2]) ?? null;
    return { name, index: match.index, text: match[0], known: isTemplateTag(name), fallback };
  });
}

/** Placeholders that are not tags of TEMPLATE_TAGS, each once, in order of appearance. */
export function unknownTemplateTags(message: string): string[] {
  const unknown = findTemplateTags(message)
    .filter((tag) => !tag.known)
    .map((tag) => tag.text);
  return [...new Set(unknown)];
}

/** What a template is personalised with: a contact as the contacts module stores it. */
export interface TemplateContact {
  first_name: string;
  last_name: string;
  /** The stored 66 form (or any form): the message carries the local form people read. */
  phone_number: string;
}

/**
 * Example values for previews, in the page's language (issue 24, D29): a Thai page shows a Thai
 * name, as its contacts have; a Thai name makes the whole message unicode, which the preview says.
 */
export const SAMPLE_CONTACTS: Record<Locale, TemplateContact> = {
  th: { first_name: "สมชาย", last_name: "ใจดี", phone_number: "66812345678" },
  en: { first_name: "Somchai", last_name: "Jaidee", phone_number: "66812345678" },
};

export function sampleContact(locale: Locale): TemplateContact {
  return SAMPLE_CONTACTS[locale];
}

/**
 * The message one contact receives: each tag replaced by the contact's value (an empty value
 * leaves the tag's fallback, or nothing), the phone number in local form (0XXXXXXXXX). An unknown
 * placeholder stays as it is; saving a template refuses them, so only text from elsewhere can
 * still hold one.
 */
export function renderTemplate(message: string, contact: TemplateContact): string {
  return message.replace(PLACEHOLDER_PATTERN, (text, name: string, fallback: string | undefined) => {
    if (!isTemplateTag(name)) return text;
    const value = contact[name].trim();
    if (value === "") return fallbackOf(fallback) ?? "";
    return name === "phone_number" ? toLocalPhone(value) : value;
  });
}

/** The message with every `{tag}` that has no fallback given `fallback` (`{first_name}` → `{first_name|ลูกค้า}`). */
export function withFallback(message: string, tag: string, fallback: string): string {
  const value = fallbackOf(fallback);
  if (value === undefined) return message;
  return message.replace(PLACEHOLDER_PATTERN, (text, name: string, given: string | undefined) =>
    name === tag && fallbackOf(given) === undefined ? templateTag(name, value) : text,
  );
}
