/**
 * Link-preview fetchers and crawlers: a chat app or a search engine opening a short link is not a
 * person clicking it, so it is redirected but not counted. Matched case-insensitively anywhere in
 * the User-Agent.
 *
 * - SMS apps' preview fetchers, which open a link as soon as the message arrives: Google Messages
 *   (`GoogleMessages`, Google's documented user-triggered fetcher; its links open in Chrome, a person),
 *   Apple Messages (`facebookexternalhit/1.1 Facebot Twitterbot/1.0`).
 * - Preview fetchers of chat and social apps: Facebook and Messenger (`facebookexternalhit`,
 *   `Facebot`), LINE (its preview fetcher sends `facebookexternalhit/1.1;line-poker/1.0`; LINE's
 *   in-app browser sends `… Line/13.x.x` and is a person, so `Line` alone is NOT listed), X
 *   (`Twitterbot`), Slack (`Slackbot`, `Slack-ImgProxy`), LinkedIn, WhatsApp, Telegram, Discord,
 *   Skype (`SkypeUriPreview`), Iframely, Embedly, Microsoft Teams/Office
 *   (`SkypeUriPreview`, `MicrosoftPreview`), Google's (`Google-PageRenderer`, `GoogleImageProxy`).
 * - Search engines: Googlebot, bingbot, Applebot, Baiduspider, DuckDuckBot (YandexBot and
 *   Pinterestbot by the word "bot"; Viber's and Pinterest's in-app browsers are people).
 * - Anything calling itself a bot, crawler, spider or preview (but a Cubot phone is a person).
 *
 * Not listed, so counted: command-line tools and HTTP libraries (curl, wget, python-requests). They
 * are not fetched automatically when a message arrives: someone ran them on purpose, and the
 * route's rate limits keep them from inflating counts cheaply. A request without a User-Agent is
 * not counted (every browser sends one; only scripts and probes leave it out).
 */
const CRAWLER =
  /googlemessages|facebookexternalhit|facebot|twitterbot|slackbot|slack-imgproxy|linkedinbot|whatsapp|telegrambot|discordbot|skypeuripreview|microsoftpreview|iframely|embedly|google-pagerenderer|googleimageproxy|googlebot|bingbot|applebot|baiduspider|duckduckbot/i;
/** Any self-declared bot; "cubot" is a phone maker whose model names are in its browsers' User-Agents. */
const GENERIC = /(?<!cu)bot|crawler|spider|preview/i;

export function isLinkPreviewCrawler(userAgent: string | undefined): boolean {
  if (userAgent === undefined || userAgent.trim() === "") return true;
  return CRAWLER.test(userAgent) || GENERIC.test(userAgent);
}
