import { z } from "zod";
import type templateTexts from "../../locales/en/templates.json";
import { unknownTemplateTags } from "../rules/template-tags.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * SMS templates (spec §3 SMS template, §4 on/off toggle, §7 /c/templates): a name and a message
 * that may hold the tags of rules/template-tags.ts. Messages are i18n keys with their texts in
 * locales/<lang>/templates.json, shared by the server and the web.
 */

export type TemplateMessageKey = keyof typeof templateTexts;
const k = (key: TemplateMessageKey) => ({ error: key });

export const TEMPLATE_NAME_MAX_LENGTH = 100;
/**
 * Longest message, in characters as the SMS counts them (UCS-2 units, countSms `length`). The
 * spec's generic textarea default (§9, 255) would cut a Thai template at under four parts, too
 * short for a campaign text with a link and an opt-out line; 1,000 allows that while bounding
 * what one recipient can cost by mistake (at most 15 unicode or 7 single-byte parts before the
 * tags are filled in).
 */
export const TEMPLATE_MESSAGE_MAX_LENGTH = 1000;
/** How much of the message a list row carries (in characters as people read them). */
export const TEMPLATE_EXCERPT_LENGTH = 80;

const ZTemplateName = text(k("templates.validation.name_required"))
  .trim()
  .min(1, { error: "templates.validation.name_required" satisfies TemplateMessageKey, abort: true })
  .max(TEMPLATE_NAME_MAX_LENGTH, k("templates.validation.name_too_long"));

/** Ends are trimmed: leading or trailing blanks would be paid for and never seen. */
const ZTemplateMessage = text(k("templates.validation.message_required"))
  .trim()
  .min(1, { error: "templates.validation.message_required" satisfies TemplateMessageKey, abort: true })
  // `.length`, not zod's max (which counts code points): the SMS, countSms and the textarea's
  // maxlength all count UTF-16 units, where an emoji is 2.
  .refine((message) => message.length <= TEMPLATE_MESSAGE_MAX_LENGTH, {
    error: "templates.validation.message_too_long" satisfies TemplateMessageKey,
    abort: true,
  })
  .refine((message) => unknownTemplateTags(message).length === 0, k("templates.validation.unknown_tag"));

const ZEnabled = z.boolean(k("templates.validation.enabled_invalid"));

/** POST /c/templates. A new template is on unless `enabled: false` is sent. */
export const ZCreateTemplateRequest = z.object({
  name: ZTemplateName,
  message: ZTemplateMessage,
  enabled: ZEnabled.default(true),
});
export type TCreateTemplateRequest = z.input<typeof ZCreateTemplateRequest>;
export type TCreateTemplateBody = z.output<typeof ZCreateTemplateRequest>;

/** PATCH /c/templates/{id}: any of name, message and the on/off toggle; at least one. */
export const ZUpdateTemplateRequest = z
  .object({
    name: ZTemplateName.optional(),
    message: ZTemplateMessage.optional(),
    enabled: ZEnabled.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.message !== undefined || body.enabled !== undefined,
    k("templates.validation.nothing_to_update"),
  );
export type TUpdateTemplateRequest = z.input<typeof ZUpdateTemplateRequest>;
export type TUpdateTemplateBody = z.output<typeof ZUpdateTemplateRequest>;

export const ZTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/** A list row: the message shortened (the whole text is GET /c/templates/{id}). */
export const ZTemplateListItem = ZTemplate.omit({ message: true }).extend({
  message_excerpt: z.string(),
  /** The whole message's length, as countSms counts it. */
  message_length: z.number().int(),
});
export type TTemplateListItem = z.infer<typeof ZTemplateListItem>;

export const ZTemplateResponse = z.object({ data: ZTemplate });
export type TTemplateResponse = z.infer<typeof ZTemplateResponse>;
export const ZTemplatesResponse = listResponse(ZTemplateListItem);
export type TTemplatesResponse = z.infer<typeof ZTemplatesResponse>;
export const ZDeleteTemplateResponse = z.object({ data: z.object({ id: z.number().int() }) });
export type TDeleteTemplateResponse = z.infer<typeof ZDeleteTemplateResponse>;

/** Newest first by default (spec §3 created time); also by name or last change. */
export const TEMPLATE_SORT = defineSort(["created_at", "name", "updated_at"], {
  key: "created_at",
  reverse: true,
});

/** Query strings carry text; typed callers may send a real boolean. */
const ZEnabledFilter = z
  .union(
    [z.boolean(), z.enum(["true", "false", ""]).transform((v) => (v === "" ? undefined : v === "true"))],
    {
      error: "templates.validation.enabled_invalid" satisfies TemplateMessageKey,
    },
  )
  .optional();

/** GET /c/templates: `search` matches the name; `enabled` keeps only templates that are on or off. */
export const ZTemplatesQuery = z
  .object({ ...listQueryShape({ sort: TEMPLATE_SORT }), enabled: ZEnabledFilter })
  .transform((value) => resolveSort(value, TEMPLATE_SORT));
export type TTemplatesQuery = z.output<typeof ZTemplatesQuery>;
export type TTemplatesQueryInput = z.input<typeof ZTemplatesQuery>;

export const ZTemplateIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TTemplateIdParams = z.input<typeof ZTemplateIdParams>;
