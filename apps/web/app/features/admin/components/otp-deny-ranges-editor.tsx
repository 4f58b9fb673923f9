import { OTP_GUARD_LIMITS, type TOtpDenyRangeInput } from "@sms/domain/contracts/otp-guard";
import { formatNumber } from "@sms/domain/rules/format";
import { OTP_DENY_KINDS, type OtpDenyKind } from "@sms/domain/rules/otp-guard";
import { useTranslation } from "react-i18next";
import { useOtpDenyRanges, useReplaceOtpDenyRanges } from "../api/otp-deny-ranges";
import { PrefixListEditor, parseLines, thaiPrefix } from "./prefix-list-editor";

/**
 * One range per line, "prefix kind note" (a comma, tab or spaces between; the note optional); a
 * leading 0 is read as 66. Kinds: premium, unallocated, abuse.
 */
export function parseDenyRanges(text: string): { ranges: TOtpDenyRangeInput[]; badLines: number[] } {
  return parseLines(text, (line) => {
    const match = /^\+?(\d+)\s*[,;\t ]\s*([a-z]+)\s*[,;\t ]?\s*(.*)$/i.exec(line);
    const prefix = thaiPrefix(match?.[1] ?? "");
    const kind = (match?.[2] ?? "").toLowerCase();
    const note = match?.[3]?.trim() ?? "";
    if (!match || !prefix || !(OTP_DENY_KINDS as readonly string[]).includes(kind)) return null;
    return note.length > OTP_GUARD_LIMITS.note ? null : { prefix, kind: kind as OtpDenyKind, note };
  });
}

/** The OTP fraud guard's deny list (issue 28 point 2): premium-rate and unallocated ranges no code may go to. */
export function OtpDenyRangesEditor() {
  const { t } = useTranslation("admin");
  const limit = formatNumber(OTP_GUARD_LIMITS.denyRanges);
  return (
    <PrefixListEditor<TOtpDenyRangeInput>
      id="otp-deny-title"
      text={{
        title: t("otpDeny.title"),
        intro: t("otpDeny.intro"),
        label: t("otpDeny.label"),
        hint: t("otpDeny.hint", { limit }),
        loadFailed: t("otpDeny.loadFailed"),
        save: t("otpDeny.save"),
        badLines: (lines) => t("otpDeny.badLines", { lines }),
        saved: (count) => t("otpDeny.saved", { count, formatted: formatNumber(count) }),
      }}
      query={useOtpDenyRanges()}
      replace={useReplaceOtpDenyRanges()}
      parse={parseDenyRanges}
      check={(ranges) =>
        ranges.length > OTP_GUARD_LIMITS.denyRanges ? t("otpDeny.tooMany", { limit }) : null
      }
      format={(r) => [r.prefix, r.kind, r.note ?? ""].join(" ").trim()}
      maxLength={OTP_GUARD_LIMITS.denyRanges * 240}
      className="max-w-2xl"
      testIds={{ text: "otp-deny-ranges", save: "save-otp-deny" }}
    />
  );
}
