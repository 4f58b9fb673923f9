import type { Catalog } from "./index.ts";

export const contactImports: Catalog = {};
