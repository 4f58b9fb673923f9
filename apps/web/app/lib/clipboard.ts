import { toast } from "sonner";

/** Copies text with the spec §8 "copied to clipboard" toast, or says that copying failed. */
export async function copyToClipboard(text: string, messages: { done: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.done);
  } catch {
    toast.error(messages.failed);
  }
}
