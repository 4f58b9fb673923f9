import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api-client";
import { downloadFile, fetchBlob, fileNameOf, uploadWithProgress } from "./authorized-files";
import { session } from "./session";

vi.mock("./api-client", async (original) => ({
  ...(await original<typeof import("./api-client")>()),
  api: { call: vi.fn() },
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  session.set({ token: "old", refresh_token: "r" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(api.call).mockReset();
  fetchMock.mockReset();
  session.clear();
});

describe("authorized files", () => {
  it("sends the bearer token and retries once after the typed client refreshed the session", async () => {
    fetchMock
      .mockResolvedValueOnce(new Response("{}", { status: 401 }))
      .mockResolvedValueOnce(
        new Response("pdf", { status: 200, headers: { "Content-Type": "application/pdf" } }),
      );
    vi.mocked(api.call).mockImplementation(async () => {
      session.set({ token: "new", refresh_token: "r" });
      return { data: {} } as never;
    });
    const blob = await fetchBlob("/c/files/abc", "th");
    expect(await blob.text()).toBe("pdf");
    expect(api.call).toHaveBeenCalledTimes(1);
    const headers = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get("Authorization"));
    expect(headers).toEqual(["Bearer old", "Bearer new"]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/c/files/abc");
  });

  it("answers the API's error as an ApiError", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "File not found" } }), {
        status: 404,
      }),
    );
    const error = await fetchBlob("/c/files/x", "en").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", message: "File not found" });
  });

  it("saves a download under the server's file name", async () => {
    fetchMock.mockResolvedValue(
      new Response("a,b", {
        status: 200,
        headers: { "Content-Disposition": "attachment; filename=\"x.csv\"; filename*=UTF-8''%E0%B8%81.csv" },
      }),
    );
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:1");
    URL.revokeObjectURL = vi.fn();
    await downloadFile("/c/contact-groups/1/contacts/export?format=csv", "th", "contacts.csv");
    expect(names).toEqual(["ก.csv"]);
    click.mockRestore();
  });

  it("reads the file name from Content-Disposition, else the fallback", () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"', "f")).toBe("a b.xlsx");
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%B8%81.pdf", "f")).toBe("ก.pdf");
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%B8", "f")).toBe("f");
    expect(fileNameOf(null, "f")).toBe("f");
  });

  it("uploads with progress, the fields before the file and the extra headers", async () => {
    const sent: { headers: Record<string, string>; body: FormData | null; url: string } = {
      headers: {},
      body: null,
      url: "",
    };
    class FakeXhr {
      status = 201;
      responseText = JSON.stringify({ data: { id: 9 } });
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      send(body: FormData) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        this.onload?.();
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const progress: number[] = [];
    const file = new File(["a,b"], "list.csv");
    const answer = await uploadWithProgress<{ id: number }>(
      "/c/x?dry_run=true",
      file,
      "en",
      (f) => progress.push(f),
      {
        fields: { sender: "ACME", message: "Hi" },
        headers: { "Idempotency-Key": "k-1" },
      },
    );
    expect(answer).toEqual({ id: 9 });
    expect(progress).toEqual([0.5, 1]);
    expect(sent.url).toBe("/api/v1/c/x?dry_run=true");
    expect(sent.headers).toMatchObject({
      "Idempotency-Key": "k-1",
      "Accept-Language": "en",
      Authorization: "Bearer old",
    });
    expect([...(sent.body?.keys() ?? [])]).toEqual(["sender", "message", "file"]);
    expect(sent.body?.get("message")).toBe("Hi");
  });
});
