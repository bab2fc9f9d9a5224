import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';

type Dashboard = OperationResult<Operations['getDashboard']>;

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
