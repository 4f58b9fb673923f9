import { TEMPLATE_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** SMS templates (issue 11): the contract's validation texts. */
export const templates = { ...TEMPLATE_MESSAGE_KEYS } satisfies Catalog;
