import type * as contract from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService, ContentScope } from './content-access.service.js';
import type { ContentOwners } from './content-owners.js';
import { assertMetaSize, isForeignKeyViolation, workbookOf } from './workbook-views.js';
import { hasChanges, workbookChanges } from './workbooks.service.js';
import { type WorkbookRow, workbooksTable } from './workspace.tables.js';

type UpsertWorkbookInput = z.output<typeof contract.UpsertWorkbookInput>;

/**
 * `PUT .../workbooks/by-slug/{slug}`: content as code names workbooks by slug. The insert and the
 * update run in one transaction; the insert is `ON CONFLICT DO NOTHING` on the unique index
 * `workbooks_slug`, so of many clients upserting one new slug at once one inserts and the others wait
 * for it, find its row and update that: never two workbooks with one slug.
 */
export class WorkbookUpsertService {
  constructor(
    private readonly database: Database,
    private readonly access: ContentAccessService,
    private readonly owners: ContentOwners,
  ) {}

  async upsert(principal: Principal, deploymentId: number, slug: string, input: UpsertWorkbookInput = {}) {
    const scope = await this.access.scopeOf(principal, deploymentId);
    if (input.meta) assertMetaSize(input.meta);
    const bySlug = and(eq(workbooksTable.deploymentId, scope.deployment.id), eq(workbooksTable.slug, slug));
    try {
      const row = await this.database.transaction(async (transaction) => {
        const lockExisting = async () =>
          (await transaction.select().from(workbooksTable).where(bySlug).for('update'))[0];
        let existing = await lockExisting();
        if (!existing) {
          const folderId = input.folderId ?? null;
          scope.requireEditIn(folderId);
          const [inserted] = await transaction
            .insert(workbooksTable)
            .values({
              accountId: scope.deployment.accountId,
              deploymentId: scope.deployment.id,
              folderId,
              name: input.name ?? slug,
              slug,
              ownerUserId: principal.userId,
              meta: input.meta ?? {},
              isShared: input.isShared ?? true,
            })
            .onConflictDoNothing({
              target: [workbooksTable.deploymentId, workbooksTable.slug],
              where: sql`${workbooksTable.slug} is not null`,
            })
            .returning();
          if (inserted) return inserted;
          // Another client inserted the slug meanwhile and has committed: update its row instead.
          existing = await lockExisting();
          if (!existing) {
            throw new AppError(
              'CONFLICT',
              `the workbook with slug "${slug}" changed while this upsert ran; send it again`,
            );
          }
        }
        return this.updateLocked(transaction, scope, existing, input);
      });
      return workbookOf(scope, this.owners, row);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', `folder ${input.folderId} not found`);
      throw error;
    }
  }

  private async updateLocked(
    transaction: Pick<Database, 'update'>,
    scope: ContentScope,
    existing: WorkbookRow,
    input: UpsertWorkbookInput,
  ): Promise<WorkbookRow> {
    const changes = workbookChanges(scope, existing, input);
    if (input.meta) {
      // Merged key by key: keys the upsert does not name stay (a dashboard draft saved in the app).
      changes.meta = { ...existing.meta, ...input.meta };
      assertMetaSize(changes.meta);
    }
    // An upsert of what the workbook holds writes nothing, so `updatedAt` stays (content pushed twice).
    if (!hasChanges(existing, changes)) return existing;
    const [updated] = await transaction
      .update(workbooksTable)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(workbooksTable.id, existing.id))
      .returning();
    return updated as WorkbookRow;
  }
}
