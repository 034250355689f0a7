import type { ReactNode } from 'react';

interface ListTableProps {
  /** What the table lists, read by screen readers with the count shown. */
  caption: string;
  /** The header row's cells. */
  head: ReactNode;
  /** One or more <tbody> elements. */
  children: ReactNode;
}

/**
 * The bordered table of the clients, team and projects lists. On a phone (global.css,
 * `.list-table`) each row becomes a card: the row's name on top, then every cell with its column
 * name (its `data-label`) above the value, so no figure hides behind a sideways scroll.
 */
export function ListTable({ caption, head, children }: ListTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="list-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>{head}</tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
