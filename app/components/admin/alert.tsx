import type { ReactNode } from "react";
import { WarningIcon } from "~/components/ui/field";

const TONES = {
  error: { role: "alert", box: "border-coral/30 bg-coral-50 text-coral-dark" },
  success: { role: "status", box: "border-teal/30 bg-teal-50 text-teal" },
  info: { role: "status", box: "border-navy/15 bg-navy-50 text-navy" },
} as const;

/** An inline message inside a page (errors are role=alert, the rest role=status); toasts are flashes. */
export function Alert({
  tone = "info",
  title,
  children,
}: {
  tone?: keyof typeof TONES;
  title?: string;
  children: ReactNode;
}) {
  const { role, box } = TONES[tone];
  return (
    <div role={role} className={`flex items-start gap-3 rounded-2xl border-2 px-4 py-3 ${box}`}>
      <WarningIcon />
      <div className="min-w-0">
        {title ? <p className="font-bold">{title}</p> : null}
        <div className="font-semibold">{children}</div>
      </div>
    </div>
  );
}
