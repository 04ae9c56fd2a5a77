/** The outline icons of the feature lists (decorative: the feature's title names it). */
const PATHS = {
  search: 'M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15zm5.3-2.2L21 21',
  automation:
    'M12 3v3m0 12v3m9-9h-3M6 12H3m15.4-6.4-2.1 2.1M7.7 16.3l-2.1 2.1m0-12.8 2.1 2.1m8.6 8.6 2.1 2.1M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  ai: 'M9.8 4.5 11 8l3.5 1.2L11 10.5 9.8 14l-1.3-3.5L5 9.2 8.5 8zM17 13l.8 2.2 2.2.8-2.2.8L17 19l-.8-2.2-2.2-.8 2.2-.8zM16.5 3l.5 1.5 1.5.5-1.5.5-.5 1.5-.5-1.5L14.5 5 16 4.5z',
  security: 'M12 3 4.5 6v5.5c0 4.5 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5 7.5-9.5V6zm-3 9 2.2 2.2L15.5 10',
  score: 'M4 19h16M7 16V11m5 5V7m5 9v-4',
  review: 'M4 5h16v11H8l-4 4zm4 5 2.5 2.5L16 8',
  tracking: 'M4 20V4m0 16h16M8 15l4-4 3 3 5-6',
  notifications: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zm4 4h4',
} as const;

export type FeatureIconName = keyof typeof PATHS;

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <span aria-hidden="true" className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}
