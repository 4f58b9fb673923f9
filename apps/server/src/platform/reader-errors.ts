import { FileBudgetExceeded } from "./file-budgets.ts";

/**
 * Passes a file reader's rows through, turning the reader's own failures (a broken zip, bad XML, a
 * truncated stream) into `toError(cause)`, so the user gets "the file cannot be read" rather than a
 * 500. A file past one of its budgets keeps its own message (FileBudgetExceeded). Errors thrown by
 * the consumer while handling a row (a database error) are not the reader's and pass through
 * unchanged.
 */
export async function* readerErrorsAs<T>(
  rows: AsyncIterable<T>,
  toError: (cause: unknown) => Error,
): AsyncGenerator<T> {
  const iterator = rows[Symbol.asyncIterator]();
  try {
    for (;;) {
      let step: IteratorResult<T>;
      try {
        step = await iterator.next();
      } catch (err) {
        throw err instanceof FileBudgetExceeded ? err : toError(err);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    await iterator.return?.(undefined);
  }
}
