/**
 * A door for code that is loaded on demand outside the marketing pages (the 404 frame). Importing
 * the full index dynamically would be ineffective: the marketing routes import it statically, so it
 * would be bundled with the app's entry instead of a chunk of its own.
 */
export { PublicFrame } from "./components/public-frame";
