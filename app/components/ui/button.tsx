import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

const VARIANTS = {
  primary: "bg-coral text-white shadow-soft hover:bg-coral-dark",
  secondary: "bg-navy text-white shadow-soft hover:bg-navy-dark",
  sun: "bg-sun text-ink shadow-soft hover:bg-sun-100",
  outline: "border-2 border-navy bg-white text-navy hover:bg-navy-50",
  ghost: "text-navy hover:bg-navy-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
} as const;

const SIZES = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-5 py-2.5 text-base",
  lg: "px-7 py-3.5 text-lg",
} as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; className?: string };

export function buttonClasses({ variant = "primary", size = "md", className = "" }: ButtonStyle = {}) {
  return `inline-flex items-center justify-center gap-2 rounded-full font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${className}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyle & {
    /** While true the button is disabled and shows `pendingText` (JS only: set from navigation state). */
    pending?: boolean;
    pendingText?: ReactNode;
  };

export function Button({
  variant,
  size,
  className,
  pending = false,
  pendingText,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || pending}
      aria-disabled={disabled || pending || undefined}
      {...rest}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function ButtonLink({ variant, size, className, ...rest }: LinkProps & ButtonStyle) {
  return <Link className={buttonClasses({ variant, size, className })} {...rest} />;
}

function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
