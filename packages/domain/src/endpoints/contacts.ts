export const contactsEndpoints = {};
