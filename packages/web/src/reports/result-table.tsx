import { cellText, type ReportRunResult } from './report-csv.js';

/** The run's rows under its column names; numbers right-aligned. */
export function ResultTable({ result, caption }: { result: ReportRunResult; caption: string }) {
  return (
    <div className="table-scroll">
      <table data-testid="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {result.schema.map((column) => (
              <th key={column.name} scope="col">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.data.map((row, index) => (
            // Rows have no id of their own; the order is the query's.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are replaced whole on every run.
            <tr key={index}>
              {result.schema.map((column) => (
                <td key={column.name} className={column.column_type === 'number' ? 'number' : undefined}>
                  {cellText(row[column.name])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
