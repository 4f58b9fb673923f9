export * from "./accounts.ts";
export * from "./billing.ts";
export * from "./contacts.ts";
export * from "./core.ts";
export * from "./files.ts";
export * from "./marketing.ts";
export * from "./messaging.ts";
