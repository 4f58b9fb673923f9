import { defineSort } from "@sms/domain/contracts/lists";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type ListParams, useListParams } from "./use-list-params";

const SORT = defineSort(["created_at", "name"], { key: "created_at", reverse: true });
type Params = ListParams<"created_at" | "name", "status" | "phone">;

function setup(url: string) {
  const seen: { current: Params | null } = { current: null };
  function Probe() {
    const params = useListParams({ sort: SORT, filters: ["status", "phone"], key: ["things"] });
    seen.current = params;
    return <output data-testid="request">{JSON.stringify(params.request)}</output>;
  }
  const router = createMemoryRouter([{ path: "/things", element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const params = () => {
    if (!seen.current) throw new Error("not rendered");
    return seen.current;
  };
  const search = () => router.state.location.search;
  return { params, search, router };
}

describe("useListParams", () => {
  it("uses the list's defaults for an empty URL", () => {
    const { params } = setup("/things");
    expect(params().request).toEqual({ page: 1, size: 10, sort: "created_at", reverse: true });
    expect(params().queryKey).toEqual(["things", params().request]);
  });

  it("reads page, size, sort, direction and filters from a shared link", () => {
    const { params } = setup(
      "/things?page=3&size=50&sort=name&reverse=true&status=sent&phone=0812345678&other=x",
    );
    expect(params().request).toEqual({
      page: 3,
      size: 50,
      sort: "name",
      reverse: true,
      status: "sent",
      phone: "0812345678",
    });
  });

  it("falls back to the defaults for values it cannot use", () => {
    const { params } = setup("/things?page=-2&size=5000&sort=password&reverse=maybe");
    expect(params().request).toEqual({ page: 1, size: 100, sort: "created_at", reverse: true });
  });

  it("reads a named sort without a direction as ascending, like the server", () => {
    expect(setup("/things?sort=created_at").params().reverse).toBe(false);
  });

  it("writes the page to the URL and leaves page 1 out", () => {
    const { params, search } = setup("/things?status=sent");
    act(() => params().setPage(4));
    expect(search()).toBe("?status=sent&page=4");
    expect(params().page).toBe(4);
    act(() => params().setPage(1));
    expect(search()).toBe("?status=sent");
  });

  it("toggles the sort from the header model and goes back to page 1", () => {
    const { params, search } = setup("/things?page=3");
    act(() => params().toggleSort({ title: "Name", key: "name", sort: true }));
    expect(search()).toBe("?sort=name&reverse=false");
    act(() => params().toggleSort({ title: "Name", key: "name", sort: true }));
    expect(search()).toBe("?sort=name&reverse=true");
    act(() => params().toggleSort({ title: "Received", key: "created_at", sort: true, reverse: true }));
    // Back at the default order: the URL stays clean.
    expect(search()).toBe("");
    act(() => params().toggleSort({ title: "Received", key: "created_at", sort: true, reverse: true }));
    expect(search()).toBe("?sort=created_at&reverse=false");
    expect(params().request).toMatchObject({ sort: "created_at", reverse: false });
  });

  it("sets and clears filters, keeps other parameters and goes back to page 1", () => {
    const { params, search } = setup("/things?page=2&tab=archive&status=sent");
    act(() => params().setFilters({ phone: " 0812345678 ", status: "" }));
    expect(search()).toBe("?tab=archive&phone=0812345678");
    expect(params().filters).toEqual({ phone: "0812345678" });
  });

  it("builds pager links that keep the rest of the view", () => {
    const { params } = setup("/things?sort=name&reverse=false&page=2");
    expect(params().searchForPage(5)).toBe("?sort=name&reverse=false&page=5");
    expect(params().searchForPage(1)).toBe("?sort=name&reverse=false");
    expect(setup("/things?page=2").params().searchForPage(1)).toBe("");
  });

  it("follows the URL when it changes from outside (back button, a link)", async () => {
    const { params, router } = setup("/things");
    await act(() => router.navigate("/things?page=7&status=failed"));
    expect(params().request).toMatchObject({ page: 7, status: "failed" });
    await act(() => router.navigate(-1));
    expect(params().request).toEqual({ page: 1, size: 10, sort: "created_at", reverse: true });
    expect(screen.getByTestId("request")).toHaveTextContent('"page":1');
  });
});
