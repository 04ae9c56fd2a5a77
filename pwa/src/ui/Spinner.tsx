/** A spinner with an accessible label (role status). */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`inline-flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A full-height centred spinner (session loading, lazy screens). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
