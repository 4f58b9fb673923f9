import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { filesEndpoints } from "@sms/domain/endpoints/files";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { me } from "../../test/factories";
import { apiError, mockEndpoint } from "../../test/msw";
import { ApiError } from "./api-client";
import { downloadFile, fetchBlob, fileNameOf, uploadWithProgress } from "./authorized-files";
import { session } from "./session";

const REFRESH = "refresh-token-0001";

beforeEach(() => {
  session.set({ token: "old", refresh_token: REFRESH });
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe("authorized files", () => {
  it("sends the bearer token and retries once after the typed client refreshed the session", async () => {
    const download = mockEndpoint(filesEndpoints.download, ({ request }) =>
      request.headers.get("Authorization") === "Bearer new"
        ? new HttpResponse("pdf", { status: 200, headers: { "Content-Type": "application/pdf" } })
        : apiError(401, "UNAUTHORIZED", "Expired"),
    );
    // The typed client's call that refreshes: /c/me is refused with the old token, the refresh
    // answers the new one, and /c/me with it succeeds.
    const profile = mockEndpoint(meEndpoints.get, ({ request }) =>
      request.headers.get("Authorization") === "Bearer new"
        ? { data: me() }
        : apiError(401, "UNAUTHORIZED", "Expired"),
    );
    const refresh = mockEndpoint(guestEndpoints.refreshToken, {
      data: { token: "new", refresh_token: "refresh-token-0002" },
    });
    const blob = await fetchBlob("/c/files/abc", "th");
    expect(await blob.text()).toBe("pdf");
    expect(refresh.calls.map((call) => call.body)).toEqual([{ refresh_token: REFRESH }]);
    expect(profile.calls.at(-1)?.request.headers.get("Authorization")).toBe("Bearer new");
    expect(download.calls.map((call) => call.request.headers.get("Authorization"))).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
    expect(download.calls.map((call) => new URL(call.request.url).pathname)).toEqual([
      "/api/v1/c/files/abc",
      "/api/v1/c/files/abc",
    ]);
    expect(download.calls[0]?.params).toEqual({ id: "abc" });
    expect(download.calls[0]?.request.headers.get("Accept-Language")).toBe("th");
  });

  it("answers the API's error as an ApiError", async () => {
    mockEndpoint(filesEndpoints.download, apiError(404, "NOT_FOUND", "File not found"));
    const error = await fetchBlob("/c/files/x", "en").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", message: "File not found" });
  });

  it("saves a download under the server's file name", async () => {
    const exported = mockEndpoint(
      contactsEndpoints.exportContacts,
      new HttpResponse("a,b", {
        status: 200,
        headers: { "Content-Disposition": "attachment; filename=\"x.csv\"; filename*=UTF-8''%E0%B8%81.csv" },
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:1");
    URL.revokeObjectURL = vi.fn();
    await downloadFile("/c/contact-groups/1/export?format=csv", "th", "contacts.csv");
    expect(names).toEqual(["ก.csv"]);
    expect(exported.calls.map((call) => [call.params, call.search])).toEqual([
      [{ id: 1 }, { format: "csv" }],
    ]);
  });

  it("reads the file name from Content-Disposition, else the fallback", () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"', "f")).toBe("a b.xlsx");
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%B8%81.pdf", "f")).toBe("ก.pdf");
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%B8", "f")).toBe("f");
    expect(fileNameOf(null, "f")).toBe("f");
  });

  it("uploads with progress, the fields before the file and the extra headers", async () => {
    const upload = mockEndpoint(
      campaignsEndpoints.importFile,
      // The preview's shape is not what this test is about: the helper answers the `data` as it is.
      HttpResponse.json({ data: { id: 9 } }, { status: 201 }),
      { unchecked: true },
    );
    const progress: number[] = [];
    const file = new File(["a,b"], "list.csv");
    const answer = await uploadWithProgress<{ id: number }>(
      "/c/campaigns/import?dry_run=true",
      file,
      "en",
      (f) => progress.push(f),
      {
        fields: { sender: "ACME", message: "Hi" },
        headers: { "Idempotency-Key": "k-1" },
      },
    );
    expect(answer).toEqual({ id: 9 });
    // MSW reports the upload's progress once, at its whole length (loaded/total = 1), then the load.
    expect(progress).toEqual([1, 1]);
    const call = upload.lastCall;
    expect(call?.search).toEqual({ dry_run: "true" });
    expect(Object.fromEntries(call?.request.headers ?? [])).toMatchObject({
      "idempotency-key": "k-1",
      "accept-language": "en",
      authorization: "Bearer old",
    });
    expect([...(call?.body.keys() ?? [])]).toEqual(["sender", "message", "file"]);
    expect(call?.body.get("message")).toBe("Hi");
    const sent = call?.body.get("file") as File;
    expect(sent.name).toBe("list.csv");
    expect(await sent.text()).toBe("a,b");
  });
});
