import { and, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/modules/identity/principal.js';
import {
  type ContentItem,
  type ContentLevel,
  ContentScope,
} from '../../src/modules/workspace/content-access.service.js';
import { FolderTree } from '../../src/modules/workspace/folder-tree.js';
import {
  contentFoldersTable,
  type PolicyLevel,
  reportsTable,
  resourcePoliciesTable,
  workbooksTable,
} from '../../src/modules/workspace/workspace.tables.js';
import { createDeployment } from '../security/account-resources.js';
import {
  createUserWithKey,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

type Role = Principal['role'];

function principalOf(userId: number, role: Role, accountId = 1): Principal {
  return {
    accountId,
    accountName: 'default',
    userId,
    email: `user-${userId}@example.com`,
    role,
    grantedActions: new Set(),
    credential: { type: 'api-key', id: userId, deploymentIds: null, expiresAt: null },
  };
}

const roleLevels: Record<Role, ContentLevel> = { viewer: 1, developer: 2, admin: 3 };

/** Root folders 1 and 4; 2 in 1; 3 in 2 (two levels below 1). */
const tree = new FolderTree([
  { id: 1, name: 'Sales', parentId: null },
  { id: 2, name: 'EMEA', parentId: 1 },
  { id: 3, name: 'France', parentId: 2 },
  { id: 4, name: 'Finance', parentId: null },
]);

interface Grants {
  folder?: Array<[number, ContentLevel]>;
  workbook?: Array<[number, ContentLevel]>;
  report?: Array<[number, ContentLevel]>;
}

function scopeOf(userId: number, role: Role, grants: Grants = {}): ContentScope {
  return new ContentScope(principalOf(userId, role), { id: 1, accountId: 1 }, tree, roleLevels[role], {
    folder: new Map(grants.folder ?? []),
    workbook: new Map(grants.workbook ?? []),
    report: new Map(grants.report ?? []),
    dashboard: new Map(),
  });
}

const owner = 50;
const caller = 60;
const folder = (id: number): ContentItem => ({
  type: 'folder',
  id,
  parentId: tree.get(id)?.parentId ?? null,
});
const sharedWorkbook = { id: 10, folderId: 3, ownerUserId: owner, isShared: true };
const privateWorkbook = { id: 11, folderId: 4, ownerUserId: owner, isShared: false };
const workbook = (properties: typeof sharedWorkbook): ContentItem => ({ type: 'workbook', ...properties });
const report = (
  id: number,
  folderId: number | null,
  inWorkbook: typeof sharedWorkbook | null,
  ownerUserId = owner,
): ContentItem => ({ type: 'report', id, folderId, ownerUserId, workbook: inWorkbook });

describe('the rights a content scope gives', () => {
  it('gives each role its level on shared content: viewer view, developer edit, admin manage', () => {
    for (const role of ['viewer', 'developer', 'admin'] as const) {
      const scope = scopeOf(caller, role);
      for (const item of [
        folder(1),
        folder(3),
        workbook(sharedWorkbook),
        report(20, 3, null),
        report(21, null, sharedWorkbook),
      ]) {
        expect(scope.levelOf(item), `${role} ${item.type} ${item.id}`).toBe(roleLevels[role]);
      }
    }
  });

  it('gives owners manage on their workbooks and reports, whatever their role', () => {
    const scope = scopeOf(owner, 'viewer');
    expect(scope.levelOf(workbook(privateWorkbook))).toBe(3);
    expect(scope.levelOf(report(22, null, privateWorkbook))).toBe(3);
    expect(scope.levelOf(report(23, 4, null))).toBe(3);
    // Owning a report in another's private workbook is enough for the report.
    expect(scopeOf(caller, 'viewer').levelOf(report(24, null, privateWorkbook, caller))).toBe(3);
    // Folders have no owner: a folder's creator holds their role's level on it.
    expect(scope.levelOf(folder(4))).toBe(1);
  });

  it('hides a workbook that is not shared, and its reports, from every role below manage', () => {
    for (const role of ['viewer', 'developer'] as const) {
      const scope = scopeOf(caller, role);
      expect(scope.levelOf(workbook(privateWorkbook)), role).toBe(0);
      expect(scope.levelOf(report(25, null, privateWorkbook)), role).toBe(0);
      expect(() => scope.require(workbook(privateWorkbook), 'view')).toThrowError(
        expect.objectContaining({ code: 'NOT_FOUND' }),
      );
    }
    expect(scopeOf(caller, 'admin').levelOf(workbook(privateWorkbook))).toBe(3);
    expect(scopeOf(caller, 'admin').levelOf(report(25, null, privateWorkbook))).toBe(3);
  });

  it('lets a grant on a private workbook, its folder or one of its reports open what it covers', () => {
    const onWorkbook = scopeOf(caller, 'viewer', { workbook: [[11, 1]] });
    expect(onWorkbook.levelOf(workbook(privateWorkbook))).toBe(1);
    expect(onWorkbook.levelOf(report(26, null, privateWorkbook))).toBe(1);
    const onFolder = scopeOf(caller, 'developer', { folder: [[4, 2]] });
    expect(onFolder.levelOf(workbook(privateWorkbook))).toBe(2);
    const onReport = scopeOf(caller, 'viewer', { report: [[27, 1]] });
    expect(onReport.levelOf(report(27, null, privateWorkbook))).toBe(1);
    expect(onReport.levelOf(workbook(privateWorkbook)), 'the workbook itself stays hidden').toBe(0);
    expect(onReport.levelOf(report(28, null, privateWorkbook)), 'and its other reports').toBe(0);
  });

  it('inherits a folder grant two levels down, and nowhere else', () => {
    const scope = scopeOf(caller, 'viewer', { folder: [[1, 2]] });
    expect(scope.levelOf(folder(1))).toBe(2);
    expect(scope.levelOf(folder(3))).toBe(2);
    expect(scope.levelOf(report(29, 3, null))).toBe(2);
    expect(scope.levelOf(workbook(sharedWorkbook))).toBe(2);
    expect(scope.levelOf(report(30, null, sharedWorkbook)), "through the report's workbook").toBe(2);
    expect(scope.levelOf(folder(4))).toBe(1);
    expect(scope.levelOf(report(31, 4, null))).toBe(1);
    // A grant below does not flow up.
    const below = scopeOf(caller, 'viewer', { folder: [[3, 3]] });
    expect(below.levelOf(folder(2))).toBe(1);
    expect(below.levelOf(folder(3))).toBe(3);
  });

  it('takes the highest of role, grants and ownership: a lower grant never lowers', () => {
    const scope = scopeOf(caller, 'developer', {
      folder: [
        [1, 1],
        [2, 3],
      ],
      report: [[32, 1]],
    });
    expect(scope.levelOf(report(32, 3, null))).toBe(3);
    expect(scope.levelOf(report(33, 4, null))).toBe(2);
    expect(scopeOf(caller, 'developer', { report: [[34, 1]] }).levelOf(report(34, 4, null))).toBe(2);
  });

  it('answers 404 below view, 403 below the level asked, and checks edit rights to place items', () => {
    const viewer = scopeOf(caller, 'viewer', { folder: [[2, 2]] });
    expect(() => viewer.require(folder(1), 'edit')).toThrowError(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => viewer.require(folder(3), 'edit')).not.toThrow();
    expect(() => viewer.require(folder(3), 'manage')).toThrowError(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => viewer.requireEditIn(null)).toThrowError(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => viewer.requireEditIn(3)).not.toThrow();
    expect(() => viewer.requireEditIn(4)).toThrowError(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => viewer.requireEditIn(99)).toThrowError(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => scopeOf(caller, 'developer').requireEditIn(null)).not.toThrow();
  });
});

/** Content of one deployment written to the store, and the levels the scope gives on each row. */
describe.each(storeEngines)('content scopes over real rows on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;
  let otherDeploymentId: number;
  let accountId: number;
  let ownerId: number;
  let viewerId: number;
  let developerId: number;
  let groupId: number;
  const folders: Record<string, number> = {};
  const workbooks: Record<string, number> = {};
  const reports: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const me = (await server.request({ method: 'GET', url: '/api/v1/users/me' })).body as {
      account: { id: number };
    };
    accountId = me.account.id;
    deploymentId = await createDeployment(server, 'content-access');
    otherDeploymentId = await createDeployment(server, 'content-access-other');
    ownerId = (await createUserWithKey(server, 'developer')).userId;
    viewerId = (await createUserWithKey(server, 'viewer')).userId;
    developerId = (await createUserWithKey(server, 'developer')).userId;
    const group = await server.request({
      method: 'POST',
      url: '/api/v1/user-groups',
      body: { name: 'readers' },
    });
    groupId = (group.body as { id: number }).id;
    await server.request({
      method: 'POST',
      url: `/api/v1/user-groups/${groupId}/users`,
      body: { userIds: [viewerId] },
    });
    const database = server.container.platform.store.database;
    const base = { accountId, deploymentId, createdByUserId: ownerId };
    const insertFolder = async (name: string, parentId: number | null) => {
      const [row] = await database
        .insert(contentFoldersTable)
        .values({ ...base, name, parentId })
        .returning();
      folders[name] = row?.id ?? 0;
    };
    await insertFolder('sales', null);
    await insertFolder('emea', folders.sales ?? null);
    await insertFolder('france', folders.emea ?? null);
    await insertFolder('finance', null);
    const insertWorkbook = async (
      name: string,
      folderId: number | null,
      isShared: boolean,
      owner = ownerId,
    ) => {
      const [row] = await database
        .insert(workbooksTable)
        .values({ accountId, deploymentId, name, folderId, isShared, ownerUserId: owner })
        .returning();
      workbooks[name] = row?.id ?? 0;
    };
    await insertWorkbook('shared-in-france', folders.france ?? null, true);
    await insertWorkbook('private-in-finance', folders.finance ?? null, false);
    await insertWorkbook('private-at-root', null, false);
    await insertWorkbook('viewers-own', null, false, viewerId);
    let next = 0;
    const insertReport = async (name: string, folderId: number | null, workbookId: number | null) => {
      next += 1;
      const [row] = await database
        .insert(reportsTable)
        .values({
          accountId,
          deploymentId,
          name,
          folderId,
          workbookId,
          ownerUserId: ownerId,
          publicId: `access${String(next).padStart(6, '0')}`,
        })
        .returning();
      reports[name] = row?.id ?? 0;
    };
    await insertReport('in-france', folders.france ?? null, null);
    await insertReport('at-root', null, null);
    await insertReport('in-finance', folders.finance ?? null, null);
    await insertReport('in-shared-workbook', null, workbooks['shared-in-france'] ?? null);
    await insertReport('in-private-workbook', null, workbooks['private-in-finance'] ?? null);
    await insertReport('granted-in-private-workbook', null, workbooks['private-at-root'] ?? null);
    await insertReport('other-in-private-workbook', null, workbooks['private-at-root'] ?? null);
    await insertReport('in-viewers-workbook', null, workbooks['viewers-own'] ?? null);
    // Written as filed in France but in a workbook at the root: the store files it where its workbook
    // is (a report of a workbook lives where its workbook lives), so a grant on France does not open it.
    await insertReport('filed-in-france', folders.france ?? null, workbooks['private-at-root'] ?? null);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function grant(
    subject: { type: 'user' | 'group'; id: number },
    item: { folderId?: number; workbookId?: number; reportId?: number },
    action: PolicyLevel,
    onDeployment = deploymentId,
  ) {
    await server.container.platform.store.database.insert(resourcePoliciesTable).values({
      accountId,
      deploymentId: onDeployment,
      folderId: item.folderId ?? null,
      workbookId: item.workbookId ?? null,
      reportId: item.reportId ?? null,
      subjectType: subject.type,
      subjectId: subject.id,
      action,
    });
  }

  async function scopeFor(userId: number, role: Role) {
    return server.container.services.contentAccess.scopeOf(
      principalOf(userId, role, accountId),
      deploymentId,
    );
  }

  /** Every row of the deployment as the scope's items, read back from the store. */
  async function itemsOfDeployment(): Promise<ContentItem[]> {
    const database = server.container.platform.store.database;
    const folderRows = await database
      .select()
      .from(contentFoldersTable)
      .where(eq(contentFoldersTable.deploymentId, deploymentId));
    const workbookRows = await database
      .select()
      .from(workbooksTable)
      .where(eq(workbooksTable.deploymentId, deploymentId));
    const reportRows = await database
      .select()
      .from(reportsTable)
      .where(eq(reportsTable.deploymentId, deploymentId));
    const workbookById = new Map(workbookRows.map((row) => [row.id, row]));
    return [
      ...folderRows.map((row): ContentItem => ({ type: 'folder', id: row.id, parentId: row.parentId })),
      ...workbookRows.map(
        (row): ContentItem => ({
          type: 'workbook',
          id: row.id,
          folderId: row.folderId,
          ownerUserId: row.ownerUserId,
          isShared: row.isShared,
        }),
      ),
      ...reportRows.map((row): ContentItem => {
        const inWorkbook = row.workbookId === null ? undefined : workbookById.get(row.workbookId);
        return {
          type: 'report',
          id: row.id,
          folderId: row.folderId,
          ownerUserId: row.ownerUserId,
          workbook: inWorkbook
            ? {
                id: inWorkbook.id,
                folderId: inWorkbook.folderId,
                ownerUserId: inWorkbook.ownerUserId,
                isShared: inWorkbook.isShared,
              }
            : null,
        };
      }),
    ];
  }

  /** The ids each visibility condition keeps, by type. */
  async function visibleIds(scope: ContentScope) {
    const database = server.container.platform.store.database;
    const idsWhere = async (
      table: typeof contentFoldersTable | typeof workbooksTable | typeof reportsTable,
      condition: SQL,
    ) =>
      (
        await database
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.deploymentId, deploymentId), condition))
      )
        .map((row) => row.id)
        .sort((left, right) => left - right);
    return {
      folder: await idsWhere(contentFoldersTable, scope.folderVisibility()),
      workbook: await idsWhere(workbooksTable, scope.workbookVisibility()),
      report: await idsWhere(reportsTable, scope.reportVisibility()),
    };
  }

  /** The visibility conditions keep exactly the rows `levelOf` lets the caller see. */
  async function expectVisibilityAgreesWithLevels(scope: ContentScope, label: string) {
    const items = await itemsOfDeployment();
    const expected = { folder: [] as number[], workbook: [] as number[], report: [] as number[] };
    for (const item of items) {
      if (item.type !== 'dashboard' && scope.levelOf(item) >= 1) expected[item.type].push(item.id);
    }
    for (const ids of Object.values(expected)) ids.sort((left, right) => left - right);
    expect(await visibleIds(scope), label).toEqual(expected);
    return expected;
  }

  it('keeps in lists exactly what each role sees, before any grant', async () => {
    const viewer = await expectVisibilityAgreesWithLevels(await scopeFor(viewerId, 'viewer'), 'viewer');
    expect(viewer.workbook).toEqual(
      [workbooks['shared-in-france'], workbooks['viewers-own']].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(viewer.report).not.toContain(reports['in-private-workbook']);
    expect(viewer.report).toContain(reports['in-viewers-workbook']);
    await expectVisibilityAgreesWithLevels(await scopeFor(developerId, 'developer'), 'developer');
    const admin = await expectVisibilityAgreesWithLevels(await scopeFor(developerId, 'admin'), 'admin');
    expect(admin.report).toHaveLength(Object.keys(reports).length);
    const owner = await expectVisibilityAgreesWithLevels(await scopeFor(ownerId, 'developer'), 'owner');
    expect(owner.workbook).toContain(workbooks['private-in-finance']);
  });

  it("reads the grants of the caller's groups, inherited two folders down", async () => {
    await grant({ type: 'group', id: groupId }, { folderId: folders.sales }, 'edit');
    const viewer = await scopeFor(viewerId, 'viewer');
    const inFrance: ContentItem = {
      type: 'report',
      id: reports['in-france'] ?? 0,
      folderId: folders.france ?? null,
      ownerUserId: ownerId,
      workbook: null,
    };
    expect(viewer.levelOf(inFrance)).toBe(2);
    expect(viewer.levelOf({ type: 'folder', id: folders.finance ?? 0, parentId: null })).toBe(1);
    const visible = await visibleIds(viewer);
    expect(visible.report).not.toContain(reports['filed-in-france']);
    expect(visible.report).not.toContain(reports['other-in-private-workbook']);
    // Not a member: the group's grant is not theirs.
    expect((await scopeFor(developerId, 'viewer')).levelOf(inFrance)).toBe(1);
    await expectVisibilityAgreesWithLevels(viewer, 'viewer with a group grant');
  });

  it('opens private workbooks and their reports in lists through user grants, and only those', async () => {
    await grant({ type: 'user', id: viewerId }, { folderId: folders.finance }, 'view');
    await grant({ type: 'user', id: viewerId }, { reportId: reports['granted-in-private-workbook'] }, 'view');
    const viewer = await scopeFor(viewerId, 'viewer');
    const visible = await expectVisibilityAgreesWithLevels(viewer, 'viewer with user grants');
    expect(visible.workbook).toContain(workbooks['private-in-finance']);
    expect(visible.workbook).not.toContain(workbooks['private-at-root']);
    expect(visible.report).toContain(reports['in-private-workbook']);
    expect(visible.report).toContain(reports['granted-in-private-workbook']);
    expect(visible.report).not.toContain(reports['other-in-private-workbook']);
  });

  it("ignores grants on another deployment's content", async () => {
    const [otherFolder] = await server.container.platform.store.database
      .insert(contentFoldersTable)
      .values({ accountId, deploymentId: otherDeploymentId, name: 'elsewhere', createdByUserId: ownerId })
      .returning();
    await grant(
      { type: 'user', id: developerId },
      { folderId: otherFolder?.id ?? 0 },
      'manage',
      otherDeploymentId,
    );
    const developer = await scopeFor(developerId, 'developer');
    expect(developer.tree.has(otherFolder?.id ?? 0)).toBe(false);
    await expectVisibilityAgreesWithLevels(developer, 'developer with a grant elsewhere');
  });
});
