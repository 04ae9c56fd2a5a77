import type { ReactNode } from 'react';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'warning';

const variants: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-indigo-600 text-white',
  secondary: 'border-transparent bg-slate-100 text-slate-800',
  destructive: 'border-transparent bg-red-600 text-white',
  outline: 'border-slate-300 bg-white text-slate-700',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
};

/** A small label (status, "waiting to sync"). */
export function Badge({
  variant = 'default',
  children,
  className = '',
}: {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${variants[variant]} ${className}`}
    >
      {children}
    </span>
  );
}
