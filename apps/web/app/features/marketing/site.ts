/**
 * Deploy-time settings of the public site, read once from Vite's build environment
 * (VITE_* variables) so a deployment can change them without touching the pages.
 */
const env = import.meta.env;

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

export const SITE = {
  /** Absolute origin for canonical, hreflang, Open Graph and the sitemap. */
  url: text(env.VITE_SITE_URL, "http://localhost:3000").replace(/\/+$/, ""),
  name: "SMS Portal",
  phoneDisplay: text(env.VITE_CONTACT_PHONE, "02-026-6999"),
  supportEmail: text(env.VITE_SUPPORT_EMAIL, "support@smsportal.co.th"),
  /** The chat-friend (LINE Official Account) button target. */
  lineUrl: text(env.VITE_LINE_URL, "https://line.me/R/ti/p/@smsportal"),
  /** The article link of the public menu has an empty target (spec §2) until a blog exists. */
  articlesUrl: text(env.VITE_ARTICLES_URL, ""),
  facebookUrl: text(env.VITE_FACEBOOK_URL, "https://www.facebook.com/smsportal.th"),
  youtubeUrl: text(env.VITE_YOUTUBE_URL, "https://www.youtube.com/@smsportal"),
  /** The promotional bar disappears at this instant (spec §9: until mid-August 2023). */
  announcementUntil: new Date(text(env.VITE_ANNOUNCEMENT_UNTIL, "2023-08-16T00:00:00+07:00")),
} as const;

export const telHref = (display: string) => `tel:${display.replace(/[^\d+]/g, "")}`;
