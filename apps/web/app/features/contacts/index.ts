/** Issue 11: contacts. */
export {};
