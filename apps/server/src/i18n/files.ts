import { UPLOAD_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/**
 * Upload messages (texts shared with the web in the domain). The spec's own upload messages are in
 * VALIDATION_MESSAGE_KEYS.
 */
export const files: Catalog = { ...UPLOAD_MESSAGE_KEYS };
