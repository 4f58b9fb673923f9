import { toLocalPhone } from "./phone.ts";

/**
 * The tags an SMS template may hold (spec §3 SMS template: first name, last name, phone number),
 * written `{first_name}`, `{last_name}` and `{phone_number}` in the message. Braces around an
 * identifier are reserved for tags, so a typo such as `{firstname}` is refused when the template is
 * saved instead of being sent to every contact as it is. Braces around anything else (`{1234}`,
 * `{ชื่อ}`, `{ }`) are ordinary text.
 */
export const TEMPLATE_TAGS = ["first_name", "last_name", "phone_number"] as const;
export type TemplateTag = (typeof TEMPLATE_TAGS)[number];

/** How a tag is written in a message. */
export function templateTag(tag: TemplateTag): string {
  return `{${tag}}`;
}

/** `{identifier}`: what the template syntax treats as a tag, known or not. */
const TAG_PATTERN = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

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
}

/** Every placeholder of a message, in order. */
export function findTemplateTags(message: string): TemplateTagMatch[] {
  return Array.from(message.matchAll(TAG_PATTERN), (match) => {
    const name = match[1] ?? "";
    return { name, index: match.index, text: match[0], known: isTemplateTag(name) };
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
 * Example values for previews. Latin letters on purpose: the preview's counts then show what the
 * template's own text costs; a contact's Thai name makes the whole message unicode, which the
 * preview says in words.
 */
export const SAMPLE_TEMPLATE_CONTACT: TemplateContact = {
  first_name: "Somchai",
  last_name: "Jaidee",
  phone_number: "66812345678",
};

/**
 * The message one contact receives: each tag replaced by the contact's value (an empty value
 * leaves nothing), the phone number in local form (0XXXXXXXXX). An unknown placeholder stays as it
 * is; saving a template refuses them, so only text from elsewhere can still hold one.
 */
export function renderTemplate(message: string, contact: TemplateContact): string {
  return message.replace(TAG_PATTERN, (text, name: string) => {
    if (!isTemplateTag(name)) return text;
    const value = contact[name].trim();
    return name === "phone_number" && value ? toLocalPhone(value) : value;
  });
}
