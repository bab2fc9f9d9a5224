import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type EmbedAccess = OperationResult<Operations['getWorkbookEmbedAccess']>;
type EmbedDashboardSettings = OperationResult<Operations['updateEmbedDashboard']>;
type AccessRow = { target: string; group: number | null; action: string };

const accessColumns: Column<AccessRow>[] = [
  { header: 'FOR', value: (row) => row.target },
  { header: 'GROUP', value: (row) => row.group },
  { header: 'ACTION', value: (row) => row.action },
];

export function formatEmbedAccess(access: EmbedAccess): string {
  const rows: AccessRow[] = [
    ...(access.allEmbedUsers.enabled
      ? [{ target: '(all embed users)', group: null, action: access.allEmbedUsers.action ?? '' }]
      : []),
    ...access.tenants.map((rule) => ({
      target: rule.embedTenantName,
      group: rule.groupId,
      action: rule.action,
    })),
  ];
  const header = formatKeyValues([['allow embed', access.allowEmbed]]);
  return rows.length === 0
    ? `${header}\nno rules: no embed user opens it`
    : `${header}\n${formatTable(accessColumns, rows)}`;
}

export function formatEmbedDashboardSettings(settings: EmbedDashboardSettings): string {
  return formatKeyValues([
    ['public id', settings.publicId],
    ['allow embed', settings.allowEmbed],
  ]);
}
