import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Button, FormAlert, Textarea, useServerErrors } from "~/components/form";

/**
 * A Thai number prefix as typed on a line: digits, a leading 0 read as 66; null unless it is 66
 * followed by at most 9 digits.
 */
export function thaiPrefix(digits: string): string | null {
  const prefix = digits.startsWith("0") ? `66${digits.slice(1)}` : digits;
  return /^66\d{0,9}$/.test(prefix) ? prefix : null;
}

/** Reads one entry per line, blank lines skipped; the lines `entry` cannot read are named (from 1). */
export function parseLines<R>(
  text: string,
  entry: (line: string) => R | null,
): { ranges: R[]; badLines: number[] } {
  const ranges: R[] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    const read = entry(trimmed);
    if (read === null) badLines.push(index + 1);
    else ranges.push(read);
  });
  return { ranges, badLines };
}

export interface PrefixListEditorProps<R> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  /** The editor's words, in the page's language. */
  text: {
    title: string;
    intro: string;
    label: string;
    hint: string;
    loadFailed: string;
    save: string;
    badLines: (lines: string) => string;
    saved: (count: number) => string;
  };
  query: Pick<UseQueryResult<R[]>, "data" | "isError" | "isPending">;
  replace: Pick<UseMutationResult<R[], Error, R[]>, "mutateAsync" | "isPending">;
  parse: (text: string) => { ranges: R[]; badLines: number[] };
  /** A check of the whole list before it is sent (a limit): the message, or null. */
  check?: (ranges: R[]) => string | null;
  format: (range: R) => string;
  maxLength: number;
  className: string;
  testIds: { text: string; save: string };
}

/**
 * A staff list of number prefixes edited as text, one per line (the operators' ranges, the OTP deny
 * list): loaded into the box, read line by line on Save (the unreadable lines named, nothing sent),
 * replaced as a whole, and shown again as the server stored it.
 */
export function PrefixListEditor<R>({
  id,
  text: words,
  query,
  replace,
  parse,
  check,
  format,
  maxLength,
  className,
  testIds,
}: PrefixListEditorProps<R>) {
  const serverErrors = useServerErrors(() => undefined, []);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const show = (ranges: readonly R[]) => setText(ranges.map(format).join("\n"));
  const loaded = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the list arrives, not on each render's format.
  useEffect(() => {
    if (loaded) show(loaded);
  }, [loaded]);

  const save = async () => {
    setError(null);
    const { ranges, badLines } = parse(text);
    if (badLines.length > 0) {
      setError(words.badLines(badLines.slice(0, 10).join(", ")));
      return;
    }
    const refused = check?.(ranges) ?? null;
    if (refused) {
      setError(refused);
      return;
    }
    try {
      const saved = await replace.mutateAsync(ranges);
      show(saved);
      toast.success(words.saved(saved.length));
    } catch (failure) {
      setError(serverErrors(failure));
    }
  };

  return (
    <section className="space-y-3" aria-labelledby={id}>
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {words.title}
        </h2>
        <p className="max-w-3xl text-gray-600">{words.intro}</p>
      </div>
      <FormAlert>{error}</FormAlert>
      {query.isError ? (
        <FormAlert>{words.loadFailed}</FormAlert>
      ) : (
        <Textarea
          label={words.label}
          description={words.hint}
          value={text}
          onChange={setText}
          rows={6}
          maxLength={maxLength}
          disabled={query.isPending}
          className={className}
          data-testid={testIds.text}
        />
      )}
      <Button
        onClick={save}
        isLoading={replace.isPending}
        disabled={query.isPending}
        data-testid={testIds.save}
      >
        {words.save}
      </Button>
    </section>
  );
}
