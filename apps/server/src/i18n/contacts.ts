import type { Catalog } from "./index.ts";

export const contacts: Catalog = {};
