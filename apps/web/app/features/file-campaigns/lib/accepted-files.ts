import { uploadAccept } from "@sms/domain/contracts/files";

/** The file endings a campaign file may have (CSV, XLSX), as the server accepts them. */
export const EXTENSIONS = uploadAccept("file_campaign").split(",");
export const isSupported = (file: File) => EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
