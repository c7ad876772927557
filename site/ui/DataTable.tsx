import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table';

type Props<TFeatures extends TableFeatures, TData extends RowData> = {
  table: ReactTable<TFeatures, TData>;
  className?: string;
  /** A stable key per row (defaults to the table's row id). */
  rowKey?: (row: TData) => string;
};

/**
 * The markup of a @tanstack/react-table table: header groups, rows, and each
 * cell labelled with its column header (data-label) for the stacked phone layout.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({ table, className, rowKey }: Props<TFeatures, TData>) {
  return (
    <table className={className}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col">
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={rowKey ? rowKey(row.original) : row.id}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id} data-label={String(cell.column.columnDef.header ?? '')}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
