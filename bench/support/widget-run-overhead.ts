import type { PlatformServer } from './platform-server.js';
import { alternate, postForRows, reportRunQuery } from './report-run-overhead.js';
import type { TimingSummary } from './timing-samples.js';

export interface WidgetRunFigures {
  load: TimingSummary;
  widgetRun: TimingSummary;
  /** The widget run's p50 minus the load's p50, measured in turns. */
  overheadP50Ms: number;
}

async function postJson(server: PlatformServer, path: string, body: unknown): Promise<{ id: number }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as { id: number };
}

/**
 * A dashboard widget run against the same query through `/v1/load` on the demo data (the target:
 * within 3 ms at p50). The dashboard is published through the API: a workbook, a report on the query, one
 * CHART widget on it and a FILTER widget, whose filter every run sends (as the page does).
 */
export async function measureWidgetRunOverhead(
  server: PlatformServer,
  deploymentId: number,
  iterations: number,
): Promise<WidgetRunFigures> {
  await server.container.platform.jobs.idle();
  const base = `/api/v1/deployments/${deploymentId}`;
  const workbook = await postJson(server, `${base}/workbooks`, { name: 'bench dashboard' });
  const report = await postJson(server, `${base}/reports`, {
    name: 'bench widget',
    workbookId: workbook.id,
    jsonQuery: reportRunQuery,
  });
  const position = { x: 0, y: 0, w: 6, h: 4 };
  const dashboard = await postJson(server, `${base}/workbooks/${workbook.id}/publish`, {
    config: {
      kind: 'CLASSIC',
      widgets: [
        { id: 'chart', type: 'CHART', position, config: { reportId: report.id } },
        { id: 'status', type: 'FILTER', position, config: { member: 'orders.status' } },
      ],
    },
  });
  const filters = [{ member: 'orders.status', operator: 'set' }];
  const loadUrl = `${server.url}/deployments/${deploymentId}/data/v1/load`;
  const runUrl = `${server.url}${base}/dashboards/${dashboard.id}/widgets/chart/run`;
  const [load, widgetRun] = await alternate(
    ['the query through /v1/load', 'the same query as a dashboard widget run'],
    iterations,
    [
      () => postForRows(loadUrl, server.adminKey, { query: { ...reportRunQuery, filters } }),
      () => postForRows(runUrl, server.adminKey, { filters }),
    ],
  );
  return { load, widgetRun, overheadP50Ms: Number((widgetRun.p50Ms - load.p50Ms).toPrecision(3)) };
}
