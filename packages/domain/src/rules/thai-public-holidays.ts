/**
 * Thailand's official public holidays, built in (review D69, ADR 76): the back office loads a
 * year's list in one click instead of staff typing about twenty dates. The server has no internet,
 * so the table is data here; a year not in it cannot be loaded (the staff add its dates by hand).
 *
 * To add a year: copy the Cabinet's announcement of the year's holidays (ประกาศสำนักนายกรัฐมนตรี
 * เรื่อง วันหยุดราชการประจำปี) into a new entry, fixed dates, the Buddhist holidays of the Thai lunar
 * calendar and each substitution day (a holiday on a Saturday or Sunday is given on the next working
 * day); thai-public-holidays.test.ts checks its shape.
 */

export type ThaiPublicHolidayKind = "fixed" | "buddhist" | "substitution";

export interface ThaiPublicHoliday {
  /** The Bangkok date, "2026-12-05". */
  date: string;
  name: { th: string; en: string };
  kind: ThaiPublicHolidayKind;
}

type Names = { th: string; en: string };

const NAMES = {
  newYear: { th: "วันขึ้นปีใหม่", en: "New Year's Day" },
  makha: { th: "วันมาฆบูชา", en: "Makha Bucha Day" },
  chakri: { th: "วันจักรี", en: "Chakri Memorial Day" },
  songkran: { th: "วันสงกรานต์", en: "Songkran Festival" },
  labour: { th: "วันแรงงานแห่งชาติ", en: "National Labour Day" },
  coronation: { th: "วันฉัตรมงคล", en: "Coronation Day" },
  visakha: { th: "วันวิสาขบูชา", en: "Visakha Bucha Day" },
  queen: {
    th: "วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าฯ พระบรมราชินี",
    en: "H.M. Queen Suthida's Birthday",
  },
  king: {
    th: "วันเฉลิมพระชนมพรรษาพระบาทสมเด็จพระเจ้าอยู่หัว",
    en: "H.M. King Maha Vajiralongkorn's Birthday",
  },
  asarnha: { th: "วันอาสาฬหบูชา", en: "Asarnha Bucha Day" },
  khaoPhansa: { th: "วันเข้าพรรษา", en: "Buddhist Lent Day (Khao Phansa)" },
  mother: { th: "วันแม่แห่งชาติ", en: "National Mother's Day" },
  memorial: { th: "วันนวมินทรมหาราช", en: "King Bhumibol Memorial Day" },
  chulalongkorn: { th: "วันปิยมหาราช", en: "King Chulalongkorn Day" },
  father: {
    th: "วันคล้ายวันพระบรมราชสมภพ รัชกาลที่ 9 วันชาติ และวันพ่อแห่งชาติ",
    en: "King Bhumibol's Birthday, National Day and Father's Day",
  },
  constitution: { th: "วันรัฐธรรมนูญ", en: "Constitution Day" },
  newYearsEve: { th: "วันสิ้นปี", en: "New Year's Eve" },
} as const satisfies Record<string, Names>;

const fixed = (date: string, name: Names): ThaiPublicHoliday => ({ date, name, kind: "fixed" });
const buddhist = (date: string, name: Names): ThaiPublicHoliday => ({ date, name, kind: "buddhist" });
/** The working day given for a holiday that fell on a weekend. */
const substitute = (date: string, name: Names): ThaiPublicHoliday => ({
  date,
  name: { th: `วันหยุดชดเชย${name.th}`, en: `Substitution day for ${name.en}` },
  kind: "substitution",
});

/**
 * Thailand's official public holidays by year. The Buddhist holidays follow the Thai lunar
 * calendar: 2026 (B.E. 2569) has the extra eighth month, so Makha Bucha falls in the fourth month
 * and Visakha Bucha in the seventh.
 */
export const THAI_PUBLIC_HOLIDAYS: Readonly<Record<number, readonly ThaiPublicHoliday[]>> = {
  2026: [
    fixed("2026-01-01", NAMES.newYear),
    buddhist("2026-03-03", NAMES.makha),
    fixed("2026-04-06", NAMES.chakri),
    fixed("2026-04-13", NAMES.songkran),
    fixed("2026-04-14", NAMES.songkran),
    fixed("2026-04-15", NAMES.songkran),
    fixed("2026-05-01", NAMES.labour),
    fixed("2026-05-04", NAMES.coronation),
    buddhist("2026-05-31", NAMES.visakha),
    substitute("2026-06-01", NAMES.visakha),
    fixed("2026-06-03", NAMES.queen),
    fixed("2026-07-28", NAMES.king),
    buddhist("2026-07-29", NAMES.asarnha),
    buddhist("2026-07-30", NAMES.khaoPhansa),
    fixed("2026-08-12", NAMES.mother),
    fixed("2026-10-13", NAMES.memorial),
    fixed("2026-10-23", NAMES.chulalongkorn),
    fixed("2026-12-05", NAMES.father),
    substitute("2026-12-07", NAMES.father),
    fixed("2026-12-10", NAMES.constitution),
    fixed("2026-12-31", NAMES.newYearsEve),
  ],
  2027: [
    fixed("2027-01-01", NAMES.newYear),
    buddhist("2027-02-21", NAMES.makha),
    substitute("2027-02-22", NAMES.makha),
    fixed("2027-04-06", NAMES.chakri),
    fixed("2027-04-13", NAMES.songkran),
    fixed("2027-04-14", NAMES.songkran),
    fixed("2027-04-15", NAMES.songkran),
    fixed("2027-05-01", NAMES.labour),
    substitute("2027-05-03", NAMES.labour),
    fixed("2027-05-04", NAMES.coronation),
    buddhist("2027-05-20", NAMES.visakha),
    fixed("2027-06-03", NAMES.queen),
    buddhist("2027-07-18", NAMES.asarnha),
    buddhist("2027-07-19", NAMES.khaoPhansa),
    substitute("2027-07-20", NAMES.asarnha),
    fixed("2027-07-28", NAMES.king),
    fixed("2027-08-12", NAMES.mother),
    fixed("2027-10-13", NAMES.memorial),
    fixed("2027-10-23", NAMES.chulalongkorn),
    substitute("2027-10-25", NAMES.chulalongkorn),
    fixed("2027-12-05", NAMES.father),
    substitute("2027-12-06", NAMES.father),
    fixed("2027-12-10", NAMES.constitution),
    fixed("2027-12-31", NAMES.newYearsEve),
  ],
};

/** The years the table covers, oldest first. */
export const THAI_PUBLIC_HOLIDAY_YEARS: readonly number[] = Object.keys(THAI_PUBLIC_HOLIDAYS)
  .map(Number)
  .sort((a, b) => a - b);

/** Where the table comes from, as the back office says it. */
export const THAI_PUBLIC_HOLIDAYS_SOURCE: Names = {
  th: "วันหยุดราชการตามประกาศคณะรัฐมนตรีประจำปี: วันที่กำหนดตายตัว วันสำคัญทางพุทธศาสนาตามปฏิทินจันทรคติไทย และวันหยุดชดเชยเมื่อวันหยุดตรงกับวันเสาร์หรือวันอาทิตย์ วันหยุดพิเศษที่ประกาศเพิ่มภายหลังให้เพิ่มเอง",
  en: "The year's official holidays as the Cabinet announces them: the fixed dates, the Buddhist holidays of the Thai lunar calendar and the substitution days for holidays on a Saturday or Sunday. Add any special holiday announced later by hand.",
};

/**
 * Years whose Buddhist holidays were computed on the Thai lunar calendar before the Cabinet
 * announced the year's holidays, with what the back office says of them (ADR 108). 2027's four
 * lunar dates were checked against published calendars in November 2026 (python-holidays' Thailand
 * data, publicholidays.asia, calendar-yearly.com): all three agree with the table. Remove the year
 * once its dates are checked against the announcement.
 */
export const THAI_PUBLIC_HOLIDAYS_PROVISIONAL: Readonly<Record<number, Names>> = {
  2027: {
    th: "วันสำคัญทางพุทธศาสนาของปี 2570 (มาฆบูชา 21 ก.พ. วิสาขบูชา 20 พ.ค. อาสาฬหบูชา 18 ก.ค. เข้าพรรษา 19 ก.ค.) คำนวณตามปฏิทินจันทรคติไทยและตรงกับปฏิทินที่เผยแพร่ แต่ยังไม่ได้ตรวจกับประกาศวันหยุดราชการของคณะรัฐมนตรี เมื่อมีประกาศแล้วให้ตรวจและแก้ไขหากต่างกัน",
    en: "2027's Buddhist holidays (Makha Bucha 21 Feb, Visakha Bucha 20 May, Asarnha Bucha 18 Jul, Khao Phansa 19 Jul) are computed on the Thai lunar calendar and match published calendars, but are not yet checked against the Cabinet's announcement of the year's holidays. Check them when it is published, and correct any that differ.",
  },
};

/** What the back office says of a year whose lunar dates await the Cabinet's announcement, or null. */
export function thaiHolidaysProvisional(year: number): Names | null {
  return THAI_PUBLIC_HOLIDAYS_PROVISIONAL[year] ?? null;
}

/** The year's official holidays by date, or null when the table does not cover the year. */
export function thaiPublicHolidays(year: number): readonly ThaiPublicHoliday[] | null {
  return THAI_PUBLIC_HOLIDAYS[year] ?? null;
}
