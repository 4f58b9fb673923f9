import { filesEndpoints } from "@sms/domain/endpoints/files";
import { api } from "~/lib/api-client";

/** One evidence file to POST /c/files?kind=sender_evidence; the server sniffs and caps it. Answers its id. */
export async function uploadEvidence(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  return (await api.call(filesEndpoints.upload, { query: { kind: "sender_evidence" }, body: form })).data.id;
}
