import type { Catalog } from "./index.ts";

export const templates: Catalog = {};
