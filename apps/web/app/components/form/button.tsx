import type { ButtonHTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";
import { SpinnerIcon } from "./icons";

export const BUTTON_COLORS = ["primary", "secondary", "error", "submit", "gray"] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];
/** Solid colours and their light (tinted) variants, e.g. `light-primary`. */
export type ButtonVariant = ButtonColor | `light-${ButtonColor}`;
export type ButtonSize = "sm" | "md" | "lg";

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: "bg-primary-700 text-white hover:bg-primary-800 focus-visible:outline-primary-700",
  secondary: "bg-secondary-500 text-gray-900 hover:bg-secondary-600 focus-visible:outline-secondary-600",
  error: "bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600",
  // emerald-700: white on emerald-600 was 3.6:1, below WCAG AA (axe, issue 24); 700 gives 5.4:1.
  submit: "bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700",
  gray: "bg-gray-600 text-white hover:bg-gray-700 focus-visible:outline-gray-600",
  "light-primary":
    "bg-primary-50 text-primary-700 ring-1 ring-primary-200 ring-inset hover:bg-primary-100 focus-visible:outline-primary-700",
  "light-secondary":
    "bg-secondary-100 text-secondary-800 ring-1 ring-secondary-300 ring-inset hover:bg-secondary-300/50 focus-visible:outline-secondary-600",
  "light-error":
    "bg-red-50 text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-100 focus-visible:outline-red-600",
  "light-submit":
    "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200 ring-inset hover:bg-emerald-100 focus-visible:outline-emerald-600",
  "light-gray":
    "bg-white text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-100 focus-visible:outline-gray-600",
};

const SIZE_CLASS: Record<ButtonSize, string> = {
  sm: "min-h-8 px-3 text-sm",
  md: "min-h-10 px-4 text-sm",
  lg: "min-h-12 px-5 text-base",
};

/** Disabled looks the same whatever the colour: greyed out. */
const DISABLED_CLASS = "cursor-not-allowed bg-gray-200 text-gray-400 ring-0 shadow-none";

export function buttonClassName({
  variant = "primary",
  size = "md",
  isDisabled = false,
  fullWidth = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isDisabled?: boolean;
  fullWidth?: boolean;
} = {}): string {
  return [
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2",
    SIZE_CLASS[size],
    isDisabled ? DISABLED_CLASS : `${VARIANT_CLASS[variant]} cursor-pointer`,
    fullWidth ? "w-full" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  ref?: Ref<HTMLButtonElement>;
  type?: "button" | "submit";
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: shows a spinner, sets aria-busy and ignores presses. */
  isLoading?: boolean;
  fullWidth?: boolean;
}

export function Button({
  type = "button",
  variant = "primary",
  size = "md",
  isLoading = false,
  fullWidth = false,
  disabled = false,
  className = "",
  children,
  ref,
  ...rest
}: ButtonProps) {
  const { t } = useTranslation("ui");
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled}
      // While loading the button keeps focus and colour but ignores presses (a second submit included).
      aria-disabled={isLoading || undefined}
      aria-busy={isLoading || undefined}
      onClick={(event) => {
        if (isLoading) {
          event.preventDefault();
          return;
        }
        rest.onClick?.(event);
      }}
      data-variant={variant}
      className={`${buttonClassName({ variant, size, isDisabled: disabled, fullWidth })} ${isLoading ? "cursor-wait opacity-80" : ""} ${className}`}
    >
      {isLoading ? (
        <>
          <SpinnerIcon />
          <span className="sr-only">{t("button.loading")}</span>
        </>
      ) : null}
      {children}
    </button>
  );
}
