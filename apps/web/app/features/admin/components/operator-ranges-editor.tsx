import { SMSC_ROUTE_LIMITS, type TOperatorRange } from "@sms/domain/contracts/smsc-routes";
import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useOperatorRanges, useReplaceOperatorRanges } from "../api/smsc-routes";
import { PrefixListEditor, parseLines, thaiPrefix } from "./prefix-list-editor";

/** One range per line, "prefix operator" (a comma, tab or spaces between); a leading 0 is read as 66. */
export function parseRanges(text: string): { ranges: TOperatorRange[]; badLines: number[] } {
  return parseLines(text, (line) => {
    const match = /^(\d+)\s*[,;\t ]\s*(.+)$/.exec(line);
    const prefix = thaiPrefix(match?.[1] ?? "");
    const operator = match?.[2]?.trim() ?? "";
    return match && prefix && operator !== "" ? { prefix, operator } : null;
  });
}

/** The operators' number ranges (issue 26 point 2): routes may name an operator instead of prefixes. */
export function OperatorRangesEditor() {
  const { t } = useTranslation("admin");
  return (
    <PrefixListEditor
      id="operator-ranges-title"
      text={{
        title: t("ranges.title"),
        intro: t("ranges.intro"),
        label: t("ranges.label"),
        hint: t("ranges.hint", { limit: formatNumber(SMSC_ROUTE_LIMITS.ranges) }),
        loadFailed: t("ranges.loadFailed"),
        save: t("ranges.save"),
        badLines: (lines) => t("ranges.badLines", { lines }),
        saved: (count) => t("ranges.saved", { count, formatted: formatNumber(count) }),
      }}
      query={useOperatorRanges()}
      replace={useReplaceOperatorRanges()}
      parse={parseRanges}
      format={(r) => `${r.prefix} ${r.operator}`}
      maxLength={SMSC_ROUTE_LIMITS.ranges * 60}
      className="max-w-xl"
      testIds={{ text: "operator-ranges", save: "save-ranges" }}
    />
  );
}
