import { LIST_MESSAGE_KEYS, REPORT_FILTER_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Validation messages of list queries and report filters (texts shared with the web in the domain). */
export const lists = { ...LIST_MESSAGE_KEYS, ...REPORT_FILTER_MESSAGE_KEYS } satisfies Catalog;
