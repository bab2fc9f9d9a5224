import type * as contract from '@platform/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import type { UserSummary } from '../identity/credential-owners.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import {
  type DashboardLocator,
  type LocatedContentItem,
  locateContentItem,
  lockContentItem,
} from './content-item-locator.js';
import { type PolicyLevel, resourcePoliciesTable } from './workspace.tables.js';

type ResourceType = contract.ResourcePolicyResourceType;
type SetUserInput = z.output<typeof contract.SetUserResourcePolicyInput>;
type SetGroupInput = z.output<typeof contract.SetGroupResourcePolicyInput>;
type SubjectType = 'user' | 'group';

/** What the identity module tells about the users and groups grants name (`GrantSubjects`, `CredentialOwners`). */
export interface PolicySubjects {
  lockUser(transaction: Database, accountId: number, userId: number): Promise<UserSummary | null>;
  lockGroup(
    transaction: Database,
    accountId: number,
    groupId: number,
  ): Promise<{ id: number; name: string } | null>;
  usersOf(accountId: number, userIds: readonly number[]): Promise<Map<number, UserSummary>>;
  groupNamesOf(accountId: number, groupIds: readonly number[]): Promise<Map<number, string>>;
}

const itemColumn = {
  folder: resourcePoliciesTable.folderId,
  workbook: resourcePoliciesTable.workbookId,
  report: resourcePoliciesTable.reportId,
  dashboard: resourcePoliciesTable.dashboardId,
} as const;

/**
 * Resource policies: grants of `view`, `edit` or `manage` on one folder, workbook, report or dashboard to
 * a user or a group of the account (a folder's grant covers what it holds, `content-access.service.ts`). Reading an
 * item's grants needs view on it; changing them needs manage on it, which is the highest level, so no
 * caller grants more than they hold. Users and groups of another account are not found (404).
 */
export class ResourcePoliciesService {
  /** Set by the dashboards module when the modules are built; without it a dashboard is not found. */
  private dashboards: DashboardLocator | null = null;

  constructor(
    private readonly database: Database,
    private readonly contentAccess: ContentAccessService,
    private readonly subjects: PolicySubjects,
  ) {}

  /** Called once by the dashboards module, which owns the dashboards table. */
  useDashboards(locator: DashboardLocator): void {
    this.dashboards = locator;
  }

  async get(principal: Principal, resourceType: ResourceType, resourceId: number) {
    const located = await this.authorizedItem(principal, resourceType, resourceId, 'view');
    return this.policiesOf(located, resourceType, resourceId);
  }

  async setForUser(principal: Principal, input: SetUserInput) {
    return this.set(principal, input.resourceType, input.resourceId, 'user', input.userId, input.action);
  }

  async setForGroup(principal: Principal, input: SetGroupInput) {
    return this.set(principal, input.resourceType, input.resourceId, 'group', input.groupId, input.action);
  }

  /** Called by the identity module inside the transaction deleting a user or a group. */
  async removeGrantsOf(
    transaction: Database,
    subjectType: SubjectType,
    accountId: number,
    subjectId: number,
  ): Promise<void> {
    await transaction
      .delete(resourcePoliciesTable)
      .where(
        and(
          eq(resourcePoliciesTable.accountId, accountId),
          eq(resourcePoliciesTable.subjectType, subjectType),
          eq(resourcePoliciesTable.subjectId, subjectId),
        ),
      );
  }

  private async set(
    principal: Principal,
    resourceType: ResourceType,
    resourceId: number,
    subjectType: SubjectType,
    subjectId: number,
    action: PolicyLevel | null | undefined,
  ) {
    const located = await this.authorizedItem(principal, resourceType, resourceId, 'manage');
    await this.database.transaction(async (transaction) => {
      // Both read FOR SHARE: neither the item nor the subject can be deleted before this grant commits.
      if (!(await lockContentItem(transaction, resourceType, resourceId, this.dashboards))) {
        throw notFound(`${resourceType} ${resourceId}`);
      }
      const subject =
        subjectType === 'user'
          ? await this.subjects.lockUser(transaction, located.accountId, subjectId)
          : await this.subjects.lockGroup(transaction, located.accountId, subjectId);
      if (!subject) throw notFound(`${subjectType === 'user' ? 'user' : 'user group'} ${subjectId}`);
      if (action === null || action === undefined) {
        await transaction
          .delete(resourcePoliciesTable)
          .where(
            and(
              eq(itemColumn[resourceType], resourceId),
              eq(resourcePoliciesTable.subjectType, subjectType),
              eq(resourcePoliciesTable.subjectId, subjectId),
            ),
          );
        return;
      }
      const id = (type: ResourceType) => (type === resourceType ? resourceId : null);
      // A dashboard's grant names its workbook too, whose deletion (and the dashboard's with it) removes it.
      const dashboardWorkbookId = located.item.type === 'dashboard' ? located.item.workbook.id : null;
      // One grant per item and subject (the unique index on the coalesced item columns): a set replaces it.
      await transaction.execute(sql`
        insert into ${resourcePoliciesTable}
          (account_id, deployment_id, folder_id, workbook_id, report_id, dashboard_id, dashboard_workbook_id,
            subject_type, subject_id, action)
        values (${located.accountId}, ${located.deploymentId}, ${id('folder')}, ${id('workbook')},
          ${id('report')}, ${id('dashboard')}, ${dashboardWorkbookId}, ${subjectType}, ${subjectId}, ${action})
        on conflict ((coalesce(folder_id, 0)), (coalesce(workbook_id, 0)), (coalesce(report_id, 0)),
          (coalesce(dashboard_id, 0)), subject_type, subject_id)
        do update set action = excluded.action, updated_at = now()`);
    });
    return this.policiesOf(located, resourceType, resourceId);
  }

  /** The item of the caller's account, with `level` on it (404 when they cannot see it, 403 below the level). */
  private async authorizedItem(
    principal: Principal,
    resourceType: ResourceType,
    resourceId: number,
    level: 'view' | 'manage',
  ): Promise<LocatedContentItem> {
    const located = await locateContentItem(this.database, resourceType, resourceId, this.dashboards);
    if (!located || located.accountId !== principal.accountId)
      throw notFound(`${resourceType} ${resourceId}`);
    const scope = await this.contentAccess.scopeOf(principal, located.deploymentId);
    scope.require(located.item, level);
    return located;
  }

  private async policiesOf(
    located: LocatedContentItem,
    resourceType: ResourceType,
    resourceId: number,
  ): Promise<contract.ResourcePolicies> {
    const rows = await this.database
      .select({
        subjectType: resourcePoliciesTable.subjectType,
        subjectId: resourcePoliciesTable.subjectId,
        action: resourcePoliciesTable.action,
      })
      .from(resourcePoliciesTable)
      .where(eq(itemColumn[resourceType], resourceId))
      .orderBy(asc(resourcePoliciesTable.subjectId));
    const userRows = rows.filter((row) => row.subjectType === 'user');
    const groupRows = rows.filter((row) => row.subjectType === 'group');
    const [users, groups] = await Promise.all([
      this.subjects.usersOf(
        located.accountId,
        userRows.map((row) => row.subjectId),
      ),
      this.subjects.groupNamesOf(
        located.accountId,
        groupRows.map((row) => row.subjectId),
      ),
    ]);
    return {
      resourceType,
      resourceId,
      // A grant whose subject is gone is not shown (deletions remove them; this covers a race's window).
      users: userRows.flatMap((row) => {
        const user = users.get(row.subjectId);
        return user ? [{ userId: user.id, email: user.email, name: user.name, action: row.action }] : [];
      }),
      groups: groupRows.flatMap((row) => {
        const name = groups.get(row.subjectId);
        return name === undefined ? [] : [{ groupId: row.subjectId, name, action: row.action }];
      }),
    };
  }
}
