/** Issue 11: templates. */
export {};
