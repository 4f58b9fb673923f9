import { SMSC_ROUTE_LIMITS, type TOperatorRange } from "@sms/domain/contracts/smsc-routes";
import { formatNumber } from "@sms/domain/rules/format";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, Textarea, useServerErrors } from "~/components/form";
import { useOperatorRanges, useReplaceOperatorRanges } from "../api/smsc-routes";

/** One range per line, "prefix operator" (a comma, tab or spaces between); a leading 0 is read as 66. */
export function parseRanges(text: string): { ranges: TOperatorRange[]; badLines: number[] } {
  const ranges: TOperatorRange[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    const match = /^(\d+)\s*[,;\t ]\s*(.+)$/.exec(trimmed);
    const digits = match?.[1] ?? "";
    const prefix = digits.startsWith("0") ? `66${digits.slice(1)}` : digits;
    const operator = match?.[2]?.trim() ?? "";
    if (!match || !/^66\d{0,9}$/.test(prefix) || operator === "") badLines.push(index + 1);
    else ranges.push({ prefix, operator });
  });
  return { ranges, badLines };
}

const format = (ranges: readonly TOperatorRange[]) =>
  ranges.map((r) => `${r.prefix} ${r.operator}`).join("\n");

/** The operators' number ranges (issue 26 point 2): routes may name an operator instead of prefixes. */
export function OperatorRangesEditor() {
  const { t } = useTranslation("admin");
  const query = useOperatorRanges();
  const replace = useReplaceOperatorRanges();
  const serverErrors = useServerErrors(() => undefined, []);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const loaded = query.data;
  useEffect(() => {
    if (loaded) setText(format(loaded));
  }, [loaded]);

  const save = async () => {
    setError(null);
    const { ranges, badLines } = parseRanges(text);
    if (badLines.length > 0) {
      setError(t("ranges.badLines", { lines: badLines.slice(0, 10).join(", ") }));
      return;
    }
    try {
      const saved = await replace.mutateAsync(ranges);
      setText(format(saved));
      toast.success(t("ranges.saved", { count: saved.length, formatted: formatNumber(saved.length) }));
    } catch (failure) {
      setError(serverErrors(failure));
    }
  };

  return (
    <section className="space-y-3" aria-labelledby="operator-ranges-title">
      <div>
        <h2 id="operator-ranges-title" className="text-xl font-semibold">
          {t("ranges.title")}
        </h2>
        <p className="max-w-3xl text-gray-600">{t("ranges.intro")}</p>
      </div>
      <FormAlert>{error}</FormAlert>
      {query.isError ? (
        <FormAlert>{t("ranges.loadFailed")}</FormAlert>
      ) : (
        <Textarea
          label={t("ranges.label")}
          description={t("ranges.hint", { limit: formatNumber(SMSC_ROUTE_LIMITS.ranges) })}
          value={text}
          onChange={setText}
          rows={6}
          maxLength={SMSC_ROUTE_LIMITS.ranges * 60}
          disabled={query.isPending}
          className="max-w-xl"
          data-testid="operator-ranges"
        />
      )}
      <Button
        onClick={save}
        isLoading={replace.isPending}
        disabled={query.isPending}
        data-testid="save-ranges"
      >
        {t("ranges.save")}
      </Button>
    </section>
  );
}
