import type * as contract from '@platform/contract';
import type { DeploymentLogEntry, LogContainer, LogSource } from '@platform/contract';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import { type DeploymentLogRow, deploymentLogsTable } from './deployments.tables.js';
import { processPodName } from './process-pod.js';

type DeploymentLogsQuery = z.output<typeof contract.DeploymentLogsQuery>;

export interface DeploymentLogLine {
  source: LogSource;
  container: LogContainer;
  /** Never a secret or an environment variable's value: anyone with DeploymentRead reads these lines. */
  message: string;
}

function toLogEntry(row: DeploymentLogRow): DeploymentLogEntry {
  return {
    pod: row.pod,
    date: row.date.toISOString(),
    message: row.message,
    container: row.container,
    source: row.source,
  };
}

/**
 * The log of a deployment, kept in the store so that every process sees the lines of every other.
 * Modules append through this service (from the container); readers page through it oldest first.
 */
export class DeploymentLogsService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
  ) {}

  /** Pass the open transaction as `executor` so that a line is written only if the change it reports is. */
  async append(
    deploymentId: number,
    line: DeploymentLogLine,
    executor: Database = this.database,
  ): Promise<void> {
    await executor.insert(deploymentLogsTable).values({
      deploymentId,
      source: line.source,
      container: line.container,
      pod: processPodName,
      // why: viewers read the log; a line quoting a URL (a remote, a warehouse) keeps no credentials.
      message: redactUrlCredentials(line.message),
    });
  }

  /** The deployment's own events (created, settings, variables, wizard) come from management requests. */
  appendEvent(deploymentId: number, message: string, executor: Database = this.database): Promise<void> {
    return this.append(deploymentId, { source: 'production', container: 'api-proxy', message }, executor);
  }

  async list(principal: Principal, deploymentId: number, query: DeploymentLogsQuery) {
    await this.access.load(principal, deploymentId, 'DeploymentRead');
    // Log ids are bigserial: cursors may go past the integer range of other tables.
    const { afterId, size, offset } = pageWindowOf(query, Number.MAX_SAFE_INTEGER);
    const conditions: SQL[] = [eq(deploymentLogsTable.deploymentId, deploymentId)];
    if (afterId !== null) conditions.push(gt(deploymentLogsTable.id, afterId));
    if (query.source) conditions.push(eq(deploymentLogsTable.source, query.source));
    if (query.container) conditions.push(eq(deploymentLogsTable.container, query.container));
    if (query.pod) conditions.push(eq(deploymentLogsTable.pod, query.pod));
    const rows = await this.database
      .select()
      .from(deploymentLogsTable)
      .where(and(...conditions))
      .orderBy(asc(deploymentLogsTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toLogEntry), pageInfo: page.pageInfo };
  }
}
