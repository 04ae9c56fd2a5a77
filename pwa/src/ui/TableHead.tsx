/**
 * The header row of the history tables (billing, referrals): column titles, the outer columns
 * aligned with the card's padding.
 */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
      <tr>
        {columns.map((title, index) => (
          <th
            key={title}
            scope="col"
            className={`py-2 text-start font-semibold ${index === 0 || index === columns.length - 1 ? 'px-5 sm:px-6' : 'px-3'}`}
          >
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
