import type { Catalog } from "./index.ts";

export const senders: Catalog = {};
