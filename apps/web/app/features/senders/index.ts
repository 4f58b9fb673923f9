/** Issue 11: senders. */
export {};
