import type { ReactNode } from 'react';

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

/** A history table of a card (wider screens; a list stands for it on narrow ones): its columns and its rows. */
export function HistoryTable({
  className,
  tableClassName,
  caption,
  columns,
  children,
}: {
  className: string;
  tableClassName: string;
  /** A caption for screen readers. */
  caption?: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <table className={tableClassName}>
        {caption !== undefined && <caption className="sr-only">{caption}</caption>}
        <TableHead columns={columns} />
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
