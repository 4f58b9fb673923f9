import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts the SMPP passwords stored in smsc_connections (ADR 65): AES-256-GCM under a key derived
 * (HKDF-SHA256) from SMSC_SECRET_KEY, a fresh 12-byte IV each time. The stored form is
 * "v1:<iv>:<tag>:<ciphertext>" in base64url, so a later key scheme can sit beside it. A wrong key or
 * a changed byte fails the tag check: decrypt throws rather than binding with garbage.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "smsc-connections/v1", 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(":");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== "v1" || iv === undefined || tag === undefined || data === undefined)
        throw new Error("not a sealed SMSC secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
