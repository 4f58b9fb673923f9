import { toast } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * Replaces sonner's `toast.success` and `toast.error` with spies for each test of the calling file:
 * a spy on the shared `toast` object instead of `vi.mock("sonner")`, so the file keeps sharing its
 * worker's module graph (ADR 79). The component calls `toast.success(…)`, which is the spy.
 */
export function spyOnToasts(): void {
  let spies: { mockRestore(): void }[] = [];
  beforeEach(() => {
    spies = [
      vi.spyOn(toast, "success").mockImplementation(() => 0),
      vi.spyOn(toast, "error").mockImplementation(() => 0),
    ];
  });
  // The file's own vi.restoreAllMocks() may have restored them already; restoring twice is harmless.
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
  });
}
