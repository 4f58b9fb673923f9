/**
 * All business time is Bangkok time (DESIGN §3): "today" is the Bangkok calendar day. Kept apart from
 * the date pickers so the sign-in forms can use it without loading the calendar code.
 */
export const BANGKOK_TIME_ZONE = "Asia/Bangkok";
