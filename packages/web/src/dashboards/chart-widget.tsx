import type { RunReportInput } from '@platform/contract';
import { useMemo } from 'react';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { chartRowsOf, csvOf } from './column-format.js';
import type { Dashboard, Widget, WidgetRunResult } from './dashboard-model.js';
import { snapshotOf } from './dashboard-model.js';
import { KpiValue, ResultTable } from './result-table.js';
import { VegaChart } from './vega-chart.js';

function downloadCsv(result: WidgetRunResult, name: string): void {
  const url = URL.createObjectURL(new Blob([csvOf(result)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'data'}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function firstMeasureOf(query: Record<string, unknown> | null | undefined): string | null {
  const measures = query?.measures;
  return Array.isArray(measures) && typeof measures[0] === 'string' ? measures[0] : null;
}

/**
 * A CHART widget: runs its frozen report with the controls' filters and time grain (again whenever they
 * change), then draws the snapshot's kind: a Vega-Lite chart, a table, or a KPI.
 */
export function ChartWidget({
  dashboard,
  widget,
  input,
  title,
  chartConfig,
  canDownload,
}: {
  dashboard: Dashboard;
  widget: Widget;
  input: RunReportInput;
  title: string;
  chartConfig: Record<string, unknown>;
  canDownload: boolean;
}) {
  const snapshot = snapshotOf(dashboard, widget);
  const inputKey = JSON.stringify(input);
  const run = useApi(
    (signal) =>
      platformApi.runDashboardWidget(
        { deploymentId: dashboard.deploymentId, dashboardId: dashboard.id, widgetId: widget.id },
        input,
        signal,
      ),
    `${dashboard.id}/${widget.id}/${inputKey}`,
  );
  const result = run.state === 'ready' ? run.value : null;
  const rows = useMemo(() => (result ? chartRowsOf(result) : []), [result]);
  if (!snapshot) return <p className="muted">This widget names no report of the published dashboard.</p>;
  const kind = snapshot.kind ?? (snapshot.spec ? 'vega' : 'table');
  return (
    <div
      className="chart-widget"
      data-run-state={run.state}
      data-run-input={inputKey}
      data-rows={result ? result.data.length : undefined}
    >
      {run.state === 'loading' ? <Loading label={`Running ${title}`} /> : null}
      {run.state === 'error' ? <ErrorMessage error={run.error} title={`${title} could not run`} /> : null}
      {result ? (
        <>
          {kind === 'kpi' ? (
            <KpiValue
              result={result}
              preferences={snapshot.preferences}
              measure={firstMeasureOf(snapshot.jsonQuery)}
              label={title}
            />
          ) : kind !== 'table' && snapshot.spec ? (
            <VegaChart
              spec={snapshot.spec}
              rows={rows}
              config={chartConfig}
              label={`${title}: chart of ${result.data.length} rows`}
            />
          ) : (
            <ResultTable result={result} preferences={snapshot.preferences} label={title} />
          )}
          {canDownload ? (
            <button type="button" className="link-button download" onClick={() => downloadCsv(result, title)}>
              Download CSV<span className="visually-hidden"> of {title}</span>
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
