import type { ListReportFoldersQuery } from '@platform/contract';
import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import { contentFoldersTable, reportsTable } from './workspace.tables.js';

/**
 * The hosted CLI's `reports folders`: every folder the caller sees, by id, with the number of reports
 * directly in it that they see. Two queries per page: the folders, then the counts of that page's folders.
 */
export class ReportFoldersService {
  constructor(
    private readonly database: Database,
    private readonly contentAccess: ContentAccessService,
  ) {}

  async list(principal: Principal, deploymentId: number, query: z.output<typeof ListReportFoldersQuery>) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const window = pageWindowOf(query);
    const visible = and(
      eq(contentFoldersTable.deploymentId, scope.deployment.id),
      scope.folderVisibility(),
    ) as SQL;
    const [rows, [total]] = await Promise.all([
      this.database
        .select({
          id: contentFoldersTable.id,
          name: contentFoldersTable.name,
          parentId: contentFoldersTable.parentId,
        })
        .from(contentFoldersTable)
        .where(window.afterId === null ? visible : and(visible, gt(contentFoldersTable.id, window.afterId)))
        .orderBy(asc(contentFoldersTable.id))
        .offset(window.offset)
        .limit(window.size + 1),
      this.database.select({ count: count() }).from(contentFoldersTable).where(visible),
    ]);
    const page = pageOf(rows, window.size);
    const folderIds = page.rows.map((row) => row.id);
    const counts =
      folderIds.length === 0
        ? []
        : await this.database
            .select({ folderId: reportsTable.folderId, reportsCount: count() })
            .from(reportsTable)
            .where(
              and(
                eq(reportsTable.deploymentId, scope.deployment.id),
                inArray(reportsTable.folderId, folderIds),
                scope.reportVisibility(),
              ),
            )
            .groupBy(reportsTable.folderId);
    const countOf = new Map(counts.map((row) => [row.folderId, row.reportsCount]));
    const items = page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      parentId: row.parentId,
      folderPath: scope.tree.pathTo(row.parentId),
      reportsCount: countOf.get(row.id) ?? 0,
    }));
    return { items, pageInfo: page.pageInfo, data: items, count: total?.count ?? 0 };
  }
}
