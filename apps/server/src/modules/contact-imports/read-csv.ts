import type { Readable } from "node:stream";
import Papa from "papaparse";

export type CsvEncoding = "utf-8" | "windows-874";

/**
 * The text encoding of a CSV: UTF-8 (with or without BOM) when every byte sequence is valid
 * UTF-8, otherwise Windows-874 / TIS-620, which is how Excel on a Thai Windows saves "CSV". The
 * upload already refused anything that is neither; this reads the whole file once without keeping it.
 */
export async function detectCsvEncoding(source: Readable): Promise<CsvEncoding> {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) utf8.decode(chunk, { stream: true });
    utf8.decode();
    return "utf-8";
  } catch {
    return "windows-874";
  } finally {
    source.destroy();
  }
}

/**
 * The rows of a CSV as text cells, streamed: papaparse without dynamic typing, so "0812345678"
 * keeps its leading zero and nothing becomes a number. A UTF-8 BOM is dropped by the decoder.
 */
export async function* readCsvRows(source: Readable, encoding: CsvEncoding): AsyncGenerator<string[]> {
  const decoder = new TextDecoder(encoding);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    dynamicTyping: false,
    skipEmptyLines: "greedy",
  }) as NodeJS.ReadWriteStream & AsyncIterable<string[]>;
  const feeding = (async () => {
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        const text = decoder.decode(chunk, { stream: true });
        if (text && !parser.write(text)) await new Promise((resolve) => parser.once("drain", resolve));
      }
      const rest = decoder.decode();
      if (rest) parser.write(rest);
      parser.end();
    } catch (err) {
      (parser as unknown as Readable).destroy(err as Error);
    }
  })();
  try {
    for await (const row of parser) yield row;
    await feeding;
  } finally {
    source.destroy();
    (parser as unknown as Readable).destroy();
  }
}
