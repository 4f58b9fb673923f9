import { schema } from "@sms/db";
import type { Locale, TFileCampaignPreview } from "@sms/domain";
import { and, eq, inArray } from "drizzle-orm";
import { balanceOf } from "../credits/index.ts";
import { planLinkTracking } from "../links/index.ts";
import { planOptOut } from "../opt-outs/index.ts";
import type { FileCampaignInput } from "./accept-file-campaign.ts";
import { presentPreview } from "./present-preview.ts";
import { type CampaignFile, readFileRecipients } from "./read-file-recipients.ts";
import { resolveSend, type SendActor, type SendDeps } from "./resolve-send.ts";

/** Recipients held for the review's example when the first ones are suppressed. */
const SAMPLE_CANDIDATES = 20;

/** Numbers per suppression look-up: one IN list stays a reasonable statement. */
const SUPPRESSION_LOOKUP = 10_000;

/** The numbers among `numbers` on the organization's suppression list. */
async function suppressedAmong(deps: SendDeps, actor: SendActor, numbers: string[]): Promise<Set<string>> {
  const s = schema.suppressions;
  const found = new Set<string>();
  for (let at = 0; at < numbers.length; at += SUPPRESSION_LOOKUP) {
    const rows = await deps.db
      .select({ msisdn: s.msisdn })
      .from(s)
      .where(
        and(
          eq(s.organizationId, actor.organizationId),
          inArray(s.msisdn, numbers.slice(at, at + SUPPRESSION_LOOKUP)),
        ),
      );
    for (const { msisdn } of rows) found.add(msisdn);
  }
  return found;
}

/**
 * POST /c/campaigns/import?dry_run=true: the file read and counted exactly as the acceptance would
 * (the same reader), the marketing suppression list checked for its numbers; nothing is written.
 */
export async function previewFileCampaign(
  deps: SendDeps,
  actor: SendActor,
  input: FileCampaignInput,
  file: CampaignFile,
  locale: Locale,
): Promise<TFileCampaignPreview> {
  const resolved = await resolveSend(deps, actor, input);
  // With tracked links, the text as counted: each link as long as a recipient's short link.
  const text =
    planLinkTracking(resolved.text, input.trackLinks ?? false, deps.linkOrigin)?.countingText ??
    resolved.text;
  const optOut = planOptOut(resolved.text, input.purpose, input.optOutLink, deps.linkOrigin);
  const marketing = input.purpose === "marketing";
  // Only a marketing send needs the numbers again, to drop the suppressed ones and their credits.
  const partsOf = new Map<string, number>();
  // The review's example is the first recipient kept; the first few are held in case it is suppressed.
  const firsts: { recipient: string; text: string }[] = [];
  const read = await readFileRecipients(
    file,
    { organizationId: actor.organizationId, text, phoneColumn: input.phoneColumn, footer: optOut?.preview },
    (_seq, msisdn, own, parts) => {
      if (marketing) partsOf.set(msisdn, parts);
      if (firsts.length < SAMPLE_CANDIDATES) {
        const body = own ?? text;
        firsts.push({ recipient: msisdn, text: body === "" ? body : `${body}${optOut?.preview ?? ""}` });
      }
    },
  );
  const dropped = marketing ? await suppressedAmong(deps, actor, [...partsOf.keys()]) : new Set<string>();
  let { credits, minParts, maxParts } = read;
  if (dropped.size > 0) {
    credits = 0;
    minParts = Number.POSITIVE_INFINITY;
    maxParts = 0;
    for (const [msisdn, parts] of partsOf) {
      if (dropped.has(msisdn)) continue;
      credits += parts;
      minParts = Math.min(minParts, parts);
      maxParts = Math.max(maxParts, parts);
    }
  }
  const recipients = read.valid - dropped.size;
  return {
    ...presentPreview({
      recipients,
      invalid: read.invalid,
      duplicates: read.duplicates,
      suppressed: dropped.size,
      credits,
      minParts: recipients > 0 ? minParts : 0,
      maxParts,
      personalised: read.personalised,
      missingValues: read.missingValues,
      sample: firsts.find((first) => !dropped.has(first.recipient)) ?? null,
      text,
      optOutFooter: optOut?.preview ?? null,
      purpose: input.purpose,
      balance: await balanceOf(deps.db, actor.organizationId),
      at: (deps.now ?? (() => new Date()))(),
      locale,
    }),
    file_name: file.name,
    rows: read.rows,
    encoding: read.encoding,
    phone_column: read.phoneColumn,
    tags: read.tags,
  };
}
