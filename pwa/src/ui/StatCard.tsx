/** One figure with its label, in a small card (a grid of them sums a page up). */
export function StatCard({
  label,
  value,
  as: Tag = 'div',
  tabular = false,
}: {
  label: string;
  value: string | number;
  /** `li` inside a list of figures. */
  as?: 'div' | 'li';
  /** Digits of equal width (figures that change in place). */
  tabular?: boolean;
}) {
  return (
    <Tag className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
      <p className={`mt-1 text-2xl font-bold text-slate-900 ${tabular ? 'tabular-nums ' : ''}sm:text-3xl`}>{value}</p>
    </Tag>
  );
}
