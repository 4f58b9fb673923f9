/** cronstrue's locale files register themselves on import and ship no types. */
declare module "cronstrue/locales/th";
