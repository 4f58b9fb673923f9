import {
  countSms,
  isAdvertisingDiscouraged,
  type Locale,
  type SendPurpose,
  type TCampaignPreview,
  toLocalPhone,
} from "@sms/domain";
import { translate } from "../../i18n/index.ts";

export interface PreviewFigures {
  recipients: number;
  invalid: number;
  duplicates: number;
  suppressed: number;
  credits: number;
  minParts: number;
  maxParts: number;
  personalised: boolean;
  /** Recipients left with an empty tag value (no fallback). */
  missingValues: number;
  /** The first recipient (66 form) and its text, or null. */
  sample: { recipient: string; text: string } | null;
  /** The text as written (with tracked links, as counted), without the opt-out footer. */
  text: string;
  /** The opt-out footer as counted (ADR 93), or null when the send carries none. */
  optOutFooter: string | null;
  purpose: SendPurpose;
  balance: number;
  at: Date;
  locale: Locale;
}

/** The preview answer of a campaign or a file campaign (the same figures the acceptance would store). */
export function presentPreview(f: PreviewFigures): TCampaignPreview {
  const count = countSms(`${f.text}${f.optOutFooter ?? ""}`);
  const uniform = !f.personalised
    ? count.parts
    : f.recipients > 0 && f.minParts === f.maxParts
      ? f.minParts
      : null;
  const warnings: TCampaignPreview["warnings"] = [];
  if (f.purpose === "marketing" && isAdvertisingDiscouraged(f.at)) {
    warnings.push({
      code: "advertising_quiet_hours",
      message: translate("campaigns.warning.advertising_quiet_hours", f.locale),
    });
  }
  return {
    recipients: f.recipients,
    invalid: f.invalid,
    duplicates: f.duplicates,
    suppressed: f.suppressed,
    parts: uniform,
    min_parts: f.recipients > 0 ? f.minParts : 0,
    max_parts: f.recipients > 0 ? f.maxParts : 0,
    credits: f.credits,
    balance: f.balance,
    enough_credits: f.balance >= f.credits,
    personalised: f.personalised,
    missing_values: f.missingValues,
    sample: f.sample && { recipient: toLocalPhone(f.sample.recipient), message: f.sample.text },
    text: {
      encoding: count.encoding,
      length: count.length,
      parts: count.parts,
      per_part: count.perPart,
      forcing_char: count.forcingChar,
    },
    opt_out:
      f.optOutFooter === null
        ? null
        : {
            footer: f.optOutFooter,
            characters: f.optOutFooter.length,
            // Personalised texts differ in length: what the footer adds to each is not one figure.
            credits: f.personalised ? null : f.recipients * (count.parts - countSms(f.text).parts),
          },
    warnings,
  };
}
