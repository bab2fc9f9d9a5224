import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type Dashboard = OperationResult<Operations['getDashboard']>;
type WidgetThread = OperationResult<Operations['getDashboardWidgetThread']>;
type PythonResult = OperationResult<Operations['runDashboardPython']>;
type DashboardVersion = OperationResult<Operations['listDashboardVersions']>['items'][number];

const dashboardColumns: Column<Dashboard>[] = [
  { header: 'ID', value: (dashboard) => dashboard.id },
  { header: 'PUBLIC ID', value: (dashboard) => dashboard.publicId },
  { header: 'TITLE', value: (dashboard) => dashboard.title ?? null },
  { header: 'WORKBOOK', value: (dashboard) => dashboard.workbookId },
  { header: 'STATUS', value: (dashboard) => dashboard.status },
  { header: 'VERSION', value: (dashboard) => dashboard.versionNumber },
  { header: 'WIDGETS', value: (dashboard) => dashboard.config.widgets.length },
];

export function formatDashboards(dashboards: readonly Dashboard[]): string {
  return dashboards.length === 0 ? 'no dashboards' : formatTable(dashboardColumns, dashboards);
}

const versionColumns: Column<DashboardVersion>[] = [
  { header: 'VERSION', value: (version) => version.versionNumber },
  { header: 'ID', value: (version) => version.versionId },
  { header: 'TITLE', value: (version) => version.title },
  { header: 'WIDGETS', value: (version) => version.widgetCount },
  { header: 'BY', value: (version) => version.createdBy },
  { header: 'PUBLISHED', value: (version) => version.createdAt },
];

export function formatDashboardVersions(versions: readonly DashboardVersion[]): string {
  return versions.length === 0 ? 'no versions' : formatTable(versionColumns, versions);
}

export function formatDashboard(dashboard: Dashboard): string {
  return formatKeyValues([
    ['id', dashboard.id],
    ['public id', dashboard.publicId],
    ['title', dashboard.title ?? null],
    ['workbook', dashboard.workbookId],
    ['status', dashboard.status],
    ['kind', dashboard.config.kind],
    ['version', dashboard.versionNumber],
    ['widgets', dashboard.config.widgets.length],
    ['report snapshots', dashboard.reportSnapshots.map((snapshot) => snapshot.reportId).join(', ')],
    ['allow embed', dashboard.allowEmbed],
    ['restrict data download', dashboard.restrictDataDownload ?? false],
  ]);
}

export function formatWidgetThread(thread: WidgetThread): string {
  if (thread.chatId === null) return 'no thread attached to this widget';
  const lines = thread.messages
    .filter((message) => message.content.trim() !== '')
    .map((message) => `${message.role === 'user' ? 'Q' : 'A'}: ${message.content}`);
  return [`thread ${thread.chatId}`, ...lines].join('\n');
}

export function formatPythonResult(result: PythonResult): string {
  const parts = [result.stdout.trimEnd()];
  if (result.stderr.trim() !== '') parts.push(`stderr:\n${result.stderr.trimEnd()}`);
  if (result.html) parts.push(`html: ${result.html.length} characters (--json shows it)`);
  if (result.data !== undefined) parts.push(`data: ${JSON.stringify(result.data)}`);
  return parts.filter((part) => part !== '').join('\n') || '(no output)';
}
