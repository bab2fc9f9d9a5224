import { randomBytes } from 'node:crypto';
import { usersTable } from '../../packages/server/src/modules/identity/identity.tables.js';
import {
  contentFoldersTable,
  reportsTable,
} from '../../packages/server/src/modules/workspace/workspace.tables.js';
import type { PlatformServer } from './platform-server.js';

export interface SeededWorkspace {
  deploymentId: number;
  /** Every folder, parents before children. */
  folderIds: number[];
  /** A folder in the middle of the tree whose reports the list figures page through. */
  sampleFolderId: number;
  reportIds: number[];
}

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function publicId(): string {
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

const subjects = ['revenue', 'orders', 'customers', 'churn', 'margin', 'returns', 'pipeline', 'growth'];

/**
 * Content at the scale, written straight to the store (the API would take minutes to make it):
 * `roots` root folders each with `childrenPerRoot` subfolders, and `reportsPerFolder` reports in every
 * folder, named so that a search matches a few percent of them.
 */
export async function seedWorkspace(
  server: PlatformServer,
  deploymentId: number,
  scale: { roots: number; childrenPerRoot: number; reportsPerFolder: number },
): Promise<SeededWorkspace> {
  const { database } = server.container.platform.store;
  // The bootstrap admin owns the content, as if they had made it.
  const [owner] = await database
    .select({ accountId: usersTable.accountId, id: usersTable.id })
    .from(usersTable)
    .orderBy(usersTable.id)
    .limit(1);
  if (!owner) throw new Error('the store has no user to own the content');
  const base = { accountId: owner.accountId, deploymentId, createdByUserId: owner.id };
  const roots = await database
    .insert(contentFoldersTable)
    .values(Array.from({ length: scale.roots }, (_, index) => ({ ...base, name: `Team ${index + 1}` })))
    .returning({ id: contentFoldersTable.id });
  const children = await database
    .insert(contentFoldersTable)
    .values(
      roots.flatMap((root, rootIndex) =>
        Array.from({ length: scale.childrenPerRoot }, (_, index) => ({
          ...base,
          parentId: root.id,
          name: `Project ${rootIndex + 1}.${index + 1}`,
        })),
      ),
    )
    .returning({ id: contentFoldersTable.id });
  const folderIds = [...roots, ...children].map((row) => row.id);
  const reportIds: number[] = [];
  let counter = 0;
  // Batches keep one statement's parameters under PostgreSQL's 65,535.
  for (let start = 0; start < folderIds.length; start += 100) {
    const batch = folderIds.slice(start, start + 100).flatMap((folderId) =>
      Array.from({ length: scale.reportsPerFolder }, () => {
        counter += 1;
        return {
          accountId: base.accountId,
          deploymentId,
          publicId: publicId(),
          folderId,
          name: `${subjects[counter % subjects.length]} by month ${counter}`,
          kind: 'table' as const,
          jsonQuery: { measures: ['orders.count'] },
          ownerUserId: base.createdByUserId,
        };
      }),
    );
    const inserted = await database.insert(reportsTable).values(batch).returning({ id: reportsTable.id });
    reportIds.push(...inserted.map((row) => row.id));
  }
  const sampleFolderId = children[Math.floor(children.length / 2)]?.id ?? folderIds[0];
  if (sampleFolderId === undefined) throw new Error('no folders were made');
  return { deploymentId, folderIds, sampleFolderId, reportIds };
}
