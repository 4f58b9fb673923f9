import type { TFileCampaignPreview } from "@sms/domain/contracts/campaigns";

/** What the file form keeps when the page is left before sending (D36). */
export interface FileCampaignDraft<Values, Schedule> {
  file: File;
  /** The server's first reading of the file (its columns, rows and tags). */
  reading: TFileCampaignPreview;
  columns: string[];
  values: Values;
  schedule: Schedule;
}

let kept: FileCampaignDraft<unknown, unknown> | null = null;

/**
 * The unsent file campaign, kept in this tab while the person looks at something else (a template,
 * a group) and given back when they return to /messages/files, as the contact import resumes. The
 * File stays in memory (never uploaded again until asked); a reload or another tab starts afresh.
 */
export const fileCampaignDraft = {
  save<V, S>(draft: FileCampaignDraft<V, S>): void {
    kept = draft as FileCampaignDraft<unknown, unknown>;
  },
  take<V, S>(): FileCampaignDraft<V, S> | null {
    return kept as FileCampaignDraft<V, S> | null;
  },
  clear(): void {
    kept = null;
  },
};
