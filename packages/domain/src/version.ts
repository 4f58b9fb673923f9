export const PRODUCT_VERSION = "V1.5.3";
