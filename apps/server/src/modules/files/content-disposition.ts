import { UPLOAD_FILE_TYPES, type UploadFileType } from "@sms/domain";

/** RFC 3986 percent-encoding (encodeURIComponent leaves !'()* alone), as RFC 5987 wants it. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with the display name, its extension forced to the sniffed type (a PNG uploaded as
 * "x.pdf" downloads as "x.pdf.png"), an ASCII fallback and the UTF-8 name per RFC 5987/6266.
 */
export function contentDisposition(originalName: string, type: UploadFileType): string {
  const extensions: readonly string[] = UPLOAD_FILE_TYPES[type].extensions;
  const lower = originalName.toLowerCase();
  const name = extensions.some((ext) => lower.endsWith(ext)) ? originalName : `${originalName}.${type}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc3986(name)}`;
}
