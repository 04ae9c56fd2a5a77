/**
 * Bidpilot's mark (the same drawing as manifest/icons/favicon.svg), drawn inline: the header of a
 * prerendered page then needs no image request before its first paint. Decorative: the app's name
 * always stands beside it.
 */
export function Logo({ size, className }: { size: number; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" width={size} height={size} className={className}>
      <rect width="64" height="64" rx="14" fill="#4f46e5" />
      <path d="M21 14h13a9 9 0 0 1 6.3 15.4A10 10 0 0 1 35 50H21z" fill="none" stroke="#fff" strokeWidth="7" strokeLinejoin="round" />
      <path d="M21 31h14" stroke="#fff" strokeWidth="7" />
    </svg>
  );
}
