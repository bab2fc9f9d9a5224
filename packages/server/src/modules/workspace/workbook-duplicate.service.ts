import type * as contract from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import type { ContentOwners } from './content-owners.js';
import { newPublicId } from './public-id.js';
import { workbookItemOf, workbookOf } from './workbook-views.js';
import type { WorkbooksService } from './workbooks.service.js';
import { reportsTable, type WorkbookRow, workbooksTable } from './workspace.tables.js';

type DuplicateWorkbookInput = z.output<typeof contract.DuplicateWorkbookInput>;

/** Names are at most 255 characters; a copy's suffix must fit. */
const copySuffix = ' (copy)';
const maximumNameLength = 255;

export function copyNameOf(name: string): string {
  return `${name.slice(0, maximumNameLength - copySuffix.length)}${copySuffix}`;
}

/**
 * `POST .../workbooks/{id}/duplicate`: a copy of the workbook and all its reports, in one transaction,
 * owned by the caller. The copy has no slug (slugs are unique; content as code names the original) and
 * is shared only when asked. Reports get new ids and publicIds, start again at version 1 and belong to
 * the caller; their spreadsheet placements are not copied (two reports writing into the same cells of
 * a spreadsheet would overwrite each other), nor are resource policies (the caller owns the copy).
 */
export class WorkbookDuplicateService {
  constructor(
    private readonly database: Database,
    private readonly access: ContentAccessService,
    private readonly owners: ContentOwners,
    private readonly workbooks: Pick<WorkbooksService, 'find'>,
  ) {}

  async duplicate(
    principal: Principal,
    deploymentId: number,
    workbookId: number,
    input: DuplicateWorkbookInput = {},
  ) {
    const scope = await this.access.scopeOf(principal, deploymentId);
    const source = await this.workbooks.find(scope, workbookId);
    scope.require(workbookItemOf(source), 'view');
    scope.requireEditIn(source.folderId);
    const copy = await this.database.transaction(async (transaction) => {
      const [created] = await transaction
        .insert(workbooksTable)
        .values({
          accountId: source.accountId,
          deploymentId: source.deploymentId,
          folderId: source.folderId,
          name: copyNameOf(source.name),
          slug: null,
          ownerUserId: principal.userId,
          meta: source.meta,
          isShared: input.shared ?? false,
        })
        .returning();
      const workbook = created as WorkbookRow;
      const reports = await transaction
        .select()
        .from(reportsTable)
        .where(
          and(eq(reportsTable.workbookId, source.id), eq(reportsTable.deploymentId, source.deploymentId)),
        )
        .orderBy(asc(reportsTable.id));
      if (reports.length > 0) {
        const now = new Date();
        await transaction.insert(reportsTable).values(
          reports.map(({ id: _id, publicId: _publicId, lastViewedAt: _lastViewedAt, ...report }) => ({
            ...report,
            publicId: newPublicId(),
            workbookId: workbook.id,
            ownerUserId: principal.userId,
            versionNumber: 1,
            lastViewedAt: null,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      return workbook;
    });
    return workbookOf(scope, this.owners, copy);
  }
}
