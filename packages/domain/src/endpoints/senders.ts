export const sendersEndpoints = {};
export const adminSendersEndpoints = {};
