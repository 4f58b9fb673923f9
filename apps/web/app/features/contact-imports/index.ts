/** Issue 11: contact imports. */
export {};
