import { useMemo, useState } from 'react';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { PageLayout } from '../components/page-layout.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { chartRowsOf } from '../dashboards/column-format.js';
import { VegaChart } from '../dashboards/vega-chart.js';
import { csvFileName, downloadText, toCsv } from '../reports/report-csv.js';
import { ResultTable } from '../reports/result-table.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { canDownloadData } from '../session/rights.js';
import { useAppConfig, useCurrentUser } from '../session/session.js';

/** The Vega-Lite config of a report's chart: the page's own look (no dashboard theme). */
const reportChartConfig: Record<string, unknown> = { background: null };

/**
 * A report: runs its query on open (and on "Run again"), draws its Vega-Lite chart when it has one (Vega
 * loaded only then), shows the rows, offers CSV where allowed.
 */
export function ReportPage({ deploymentId, reportId }: { deploymentId: number; reportId: number }) {
  const user = useCurrentUser();
  const creatorMode = useAppConfig()?.creatorMode;
  const [runCount, setRunCount] = useState(0);
  const report = useApi(
    (signal) => platformApi.getReport(deploymentId, reportId, signal),
    `${deploymentId}/${reportId}`,
  );
  const run = useApi(
    (signal) => platformApi.runReport(deploymentId, reportId, {}, signal),
    `${deploymentId}/${reportId}/${runCount}`,
  );
  const result = run.state === 'ready' ? run.value : null;
  const rows = useMemo(() => (result ? chartRowsOf(result) : []), [result]);
  const spec = report.state === 'ready' && report.value.kind === 'vega' ? report.value.spec : null;
  const name = report.state === 'ready' ? (report.value.title ?? report.value.name) : 'Report';
  const back =
    report.state === 'ready' && report.value.workbookId !== null
      ? { to: paths.workbook(deploymentId, report.value.workbookId), label: 'Back to the workbook' }
      : { to: paths.deployment(deploymentId), label: 'Back to the workspace' };
  return (
    <PageLayout title={name}>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      {report.state === 'error' ? (
        <ErrorMessage error={report.error} title="Could not open the report" />
      ) : null}
      {report.state === 'ready' && report.value.description ? <p>{report.value.description}</p> : null}
      <div className="toolbar">
        <button
          type="button"
          className="secondary"
          onClick={() => setRunCount((count) => count + 1)}
          disabled={run.state === 'loading'}
        >
          Run again
        </button>
        {run.state === 'ready' && canDownloadData(user) ? (
          <button
            type="button"
            onClick={() => downloadText(toCsv(run.value), csvFileName(name), 'text/csv;charset=utf-8')}
          >
            Download CSV
          </button>
        ) : null}
      </div>
      {run.state === 'loading' ? <Loading label="Running the report" /> : null}
      {run.state === 'error' ? <ErrorMessage error={run.error} title="The report did not run" /> : null}
      {run.state === 'ready' ? (
        <>
          <p className="muted" data-testid="row-count">
            {run.value.data.length === 1 ? '1 row' : `${run.value.data.length} rows`}
          </p>
          {spec ? (
            <div className="report-chart">
              <VegaChart
                spec={spec}
                rows={rows}
                config={reportChartConfig}
                label={`${name}: chart of ${run.value.data.length} rows`}
              />
            </div>
          ) : null}
          <ResultTable result={run.value} caption={`Rows of ${name}`} />
          {creatorMode?.showGeneratedSql ? (
            <details className="report-sql" data-testid="generated-sql">
              <summary>Warehouse SQL</summary>
              <pre>{run.value.sqlQuery}</pre>
            </details>
          ) : null}
        </>
      ) : null}
      {creatorMode?.showSemanticSql && report.state === 'ready' ? (
        <details className="report-sql" data-testid="semantic-query">
          <summary>Semantic query</summary>
          <pre>{report.value.sqlQuery ?? JSON.stringify(report.value.jsonQuery, null, 2)}</pre>
        </details>
      ) : null}
    </PageLayout>
  );
}
