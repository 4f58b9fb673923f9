export const templatesEndpoints = {};
