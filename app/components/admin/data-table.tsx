import type { HTMLAttributes, ReactNode } from "react";

export type Column<Row> = {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Extra classes for the cell (e.g. 'whitespace-nowrap', 'w-16'). */
  className?: string;
};

/**
 * An admin list: a table on wide screens that stacks into one card per row on small screens
 * (each cell labelled with its column header), or the screen's empty text when there are no rows.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  empty,
  caption,
  rowProps,
}: {
  rows: Row[];
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => string | number;
  empty: string;
  /** Accessible name of the table (screen readers), visually hidden. */
  caption: string;
  /** Extra attributes for a row's <tr> (e.g. drag and drop handlers of useReorder). */
  rowProps?: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement>;
}) {
  if (rows.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600"
        data-testid="empty-state"
      >
        {empty}
      </p>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden border-b border-slate-200 text-slate-600 md:table-header-group">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className="px-3 py-2 font-semibold">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {rows.map((row, index) => {
          const extra = rowProps?.(row, index) ?? {};
          return (
            <tr
              key={rowKey(row)}
              {...extra}
              className={`flex flex-col rounded-xl border border-slate-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-slate-100 md:p-0 ${extra.className ?? ""}`}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={`flex gap-3 py-1 align-top before:w-28 before:shrink-0 before:font-semibold before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-3 md:before:content-none ${column.className ?? ""}`}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
