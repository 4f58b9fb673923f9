/** TanStack Query keys of the messages feature: every list page under one prefix. */
export const MESSAGES_KEY = ["messages"] as const;
export const MESSAGES_LIST_KEY = [...MESSAGES_KEY, "list"] as const;
/** The organization's approved senders, as the send form offers them. */
export const SENDABLE_SENDERS_KEY = ["senders", "list", "sendable"] as const;
/** The templates a send may start from, and one template's whole text (under the templates prefix, so its invalidations refresh them). */
export const TEMPLATE_CHOICES_KEY = ["templates", "list", "send-choices"] as const;
export const templateChoiceKey = (id: number) => ["templates", "detail", id] as const;
