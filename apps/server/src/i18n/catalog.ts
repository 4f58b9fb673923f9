/** A message catalog: every key with its Thai and English text. */
export type Catalog = Record<string, { th: string; en: string }>;
