import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';

type Dashboard = OperationResult<Operations['getDashboard']>;
type WidgetThread = OperationResult<Operations['getDashboardWidgetThread']>;
type PythonResult = OperationResult<Operations['runDashboardPython']>;

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
