import { Link } from "react-router";
import { useLocalizedPath } from "~/lib/locale";

/**
 * The heading of a page reached from another one (the inbox's rules, the contacts' suppression
 * list): a link back to it above the page's h1 and a short introduction.
 */
export function SubPageHeading({
  back,
  title,
  intro,
}: {
  /** The page it belongs to: its path (localized here) and the link's text. */
  back: { to: string; label: string };
  title: string;
  intro: string;
}) {
  const lp = useLocalizedPath();
  return (
    <div>
      <Link
        to={lp(back.to)}
        className="text-sm text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        {back.label}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-gray-600">{intro}</p>
    </div>
  );
}
