import type { TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import { columnTag, PHONE_TAG } from "@sms/domain/rules/file-campaign";

/** Tags of the name columns: recognised by header words (ชื่อ, First Name, …), not by their own name. */
const NAME_TAGS = new Set(["first_name", "last_name"]);

const keyOf = (column: string) => columnTag(column) ?? column.trim().toLowerCase();

/**
 * The file's columns that may hold the numbers, as the server can find them again by name
 * (`phone_column` matches a header or its tag): the detected phone column as written, and each
 * other column by its tag. Merged with the columns already known, so choosing another one keeps
 * the list whole (the old phone column comes back as a tag).
 */
export function phoneColumnChoices(previous: readonly string[], preview: TFileCampaignPreview): string[] {
  const byKey = new Map(previous.map((column) => [keyOf(column), column]));
  if (preview.phone_column) byKey.set(keyOf(preview.phone_column), preview.phone_column);
  for (const tag of preview.tags) {
    const name = tag.replace(/^\{|\}$/g, "");
    if (name === PHONE_TAG || NAME_TAGS.has(name)) continue;
    if (!byKey.has(name)) byKey.set(name, name);
  }
  return [...byKey.values()];
}
