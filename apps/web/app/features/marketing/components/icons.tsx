/** Small inline icons (decorative: every use has a visible or screen-reader label beside it). */
type IconProps = { className?: string };
function Stroke({ className = "size-5", children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const ChevronDown = ({ className }: IconProps) => (
  <Stroke className={className ?? "size-4"}>
    <path d="m6 9 6 6 6-6" />
  </Stroke>
);
export const Phone = ({ className }: IconProps) => (
  <Stroke className={className}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z" />
  </Stroke>
);
export const MenuIcon = ({ className }: IconProps) => (
  <Stroke className={className ?? "size-6"}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Stroke>
);
export const Close = ({ className }: IconProps) => (
  <Stroke className={className}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Stroke>
);
export const Check = ({ className }: IconProps) => (
  <Stroke className={className}>
    <path d="M20 6 9 17l-5-5" />
  </Stroke>
);

/** Brand mark: a speech bubble with three dots. */
export const Logo = ({ className }: IconProps) => (
  <svg className={className ?? "size-8"} aria-hidden="true" focusable="false" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="8" fill="#7f1616" />
    <path
      d="M8 10.5A2.5 2.5 0 0 1 10.5 8h11a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4a2.5 2.5 0 0 1-2.5-2.5Z"
      fill="#fff"
    />
    <circle cx="12.5" cy="14" r="1.4" fill="#7f1616" />
    <circle cx="16" cy="14" r="1.4" fill="#f59e0b" />
    <circle cx="19.5" cy="14" r="1.4" fill="#7f1616" />
  </svg>
);

export const Facebook = ({ className }: IconProps) => (
  <svg
    className={className ?? "size-5"}
    aria-hidden="true"
    focusable="false"
    viewBox="0 0 24 24"
    fill="currentColor"
  >
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4A21 21 0 0 0 14.3 4c-2.3 0-3.8 1.4-3.8 4v2.5H8v3h2.5V21Z" />
  </svg>
);
export const Youtube = ({ className }: IconProps) => (
  <svg
    className={className ?? "size-5"}
    aria-hidden="true"
    focusable="false"
    viewBox="0 0 24 24"
    fill="currentColor"
  >
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3Z" />
  </svg>
);
export const Line = ({ className }: IconProps) => (
  <svg
    className={className ?? "size-5"}
    aria-hidden="true"
    focusable="false"
    viewBox="0 0 24 24"
    fill="currentColor"
  >
    <path d="M12 3C6.5 3 2 6.6 2 11c0 4 3.5 7.3 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5s6-3.5 8.2-6A7.4 7.4 0 0 0 22 11c0-4.4-4.5-8-10-8Zm-3.6 10.6H6.5a.5.5 0 0 1-.5-.5V9.2a.5.5 0 1 1 1 0v3.4h1.4a.5.5 0 1 1 0 1Zm2-.5a.5.5 0 1 1-1 0V9.2a.5.5 0 1 1 1 0Zm4.7 0a.5.5 0 0 1-.9.3l-2-2.7v2.4a.5.5 0 1 1-1 0V9.2a.5.5 0 0 1 .9-.3l2 2.7V9.2a.5.5 0 1 1 1 0Zm3.1-2.5a.5.5 0 1 1 0 1h-1.4v.9h1.4a.5.5 0 1 1 0 1h-1.9a.5.5 0 0 1-.5-.5V9.2a.5.5 0 0 1 .5-.5h1.9a.5.5 0 1 1 0 1h-1.4v.9Z" />
  </svg>
);
