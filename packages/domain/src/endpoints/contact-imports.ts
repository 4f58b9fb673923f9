export const contactImportsEndpoints = {};
