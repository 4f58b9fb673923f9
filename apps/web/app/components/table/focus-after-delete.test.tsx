import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "../dialog";
import { useFocusAfterDelete } from "./focus-after-delete";

/** A list whose rows each have a Delete button, and the confirmation; the test drives both. */
function Harness({
  open,
  ids,
  onHook,
}: {
  open: boolean;
  ids: number[] | undefined;
  onHook: (deleted: (id: unknown) => void) => void;
}) {
  const afterRemoval = useFocusAfterDelete(open, ids);
  onHook(afterRemoval.done);
  return (
    <div {...afterRemoval.target} data-testid="region">
      {ids?.map((id) => (
        <button key={id} type="button">{`Delete ${id}`}</button>
      ))}
      <ConfirmDialog
        isOpen={open}
        title="Delete?"
        body="Sure?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />
    </div>
  );
}

const frames = (n: number) => act(() => new Promise((resolve) => setTimeout(resolve, n * 20)));

async function opened() {
  let deleted: (id: unknown) => void = () => undefined;
  const onHook = (d: (id: unknown) => void) => {
    deleted = d;
  };
  const view = render(<Harness open={false} ids={[1, 2]} onHook={onHook} />);
  screen.getByRole("button", { name: "Delete 2" }).focus();
  view.rerender(<Harness open ids={[1, 2]} onHook={onHook} />);
  await waitFor(() => expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus());
  return {
    deleted: (id: unknown) => deleted(id),
    rerender: (open: boolean, ids: number[]) =>
      view.rerender(<Harness open={open} ids={ids} onHook={onHook} />),
  };
}

describe("useFocusAfterDelete", () => {
  it("gives the list the focus when the dialog closes frames late and the row leaves after its focus went back", async () => {
    const { deleted, rerender } = await opened();
    deleted(2);
    // A slow CPU: frames pass before React closes the dialog (a frame-timed focus was taken back here).
    await frames(3);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    rerender(false, [1, 2]);
    // The dialog gives the focus back to the row's button, which is still there.
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete 2" })).toHaveFocus());
    rerender(false, [1]);
    await waitFor(() => expect(screen.getByTestId("region")).toHaveFocus());
    await frames(3);
    expect(screen.getByTestId("region")).toHaveFocus();
  });

  it("gives the list the focus when the row left before the dialog closed, and keeps it past the dialog's frame", async () => {
    const { deleted, rerender } = await opened();
    deleted(2);
    rerender(true, [1]);
    await frames(2);
    expect(screen.getByTestId("region")).not.toHaveFocus();
    rerender(false, [1]);
    await waitFor(() => expect(screen.getByTestId("region")).toHaveFocus());
    await frames(3);
    expect(screen.getByTestId("region")).toHaveFocus();
  });

  it("moves nothing when no delete happened", async () => {
    const { rerender } = await opened();
    rerender(false, [1]);
    await frames(3);
    expect(screen.getByTestId("region")).not.toHaveFocus();
  });
});
