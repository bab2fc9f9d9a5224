import type * as contract from '@platform/contract';
import { workspaceItemTypes } from '@platform/contract';
import type * as z from 'zod';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import type { ContentAccessService } from './content-access.service.js';
import { requireFolder } from './folder-contents.js';
import { sortKeyPageOf, sortKeyWindowOf } from './sort-key-cursor.js';
import { deleteWorkspaceItems } from './workspace-deletes.js';
import { bulkAnswerOf } from './workspace-item-outcome.js';
import { listWorkspaceRows, type WorkspacePlace } from './workspace-list.query.js';
import { moveWorkspaceItems } from './workspace-moves.js';

type ListWorkspaceQuery = z.output<typeof contract.ListWorkspaceQuery>;
type MoveWorkspaceItemInput = z.output<typeof contract.MoveWorkspaceItemInput>;
type BulkDeleteInput = z.output<typeof contract.BulkDeleteWorkspaceItemsInput>;
type BulkMoveInput = z.output<typeof contract.BulkMoveWorkspaceItemsInput>;

function likePatternOf(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The workspace as one list of folders, workbooks and reports, and the moves and deletes that act on
 * any of them. Works on the workbook and report rows directly (their own services are for their
 * fields); rights come from the caller's `ContentScope`, built once per request.
 */
export class WorkspaceItemsService {
  constructor(
    private readonly database: Database,
    private readonly contentAccess: ContentAccessService,
  ) {}

  list(principal: Principal, deploymentId: number, query: ListWorkspaceQuery) {
    return this.listOf(principal, deploymentId, query, false);
  }

  /** The workspace without workbooks that are not shared, nor their reports. */
  listShared(principal: Principal, deploymentId: number, query: ListWorkspaceQuery) {
    return this.listOf(principal, deploymentId, query, true);
  }

  async move(principal: Principal, deploymentId: number, input: MoveWorkspaceItemInput) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const [outcome] = await moveWorkspaceItems(
      this.database,
      scope,
      [{ type: input.type, id: input.id }],
      input.folderId,
    );
    if (!outcome) throw new Error('a move of one item has one outcome');
    if (outcome.error) throw outcome.error;
    if (!outcome.item) throw new Error('a moved item is answered with its new state');
    return outcome.item;
  }

  async bulkMove(principal: Principal, deploymentId: number, input: BulkMoveInput) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const outcomes = await moveWorkspaceItems(this.database, scope, input.items, input.folderId);
    const { done, failed } = bulkAnswerOf(outcomes);
    return { moved: done, failed };
  }

  async bulkDelete(principal: Principal, deploymentId: number, input: BulkDeleteInput) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const outcomes = await deleteWorkspaceItems(this.database, scope, input.items, input.recursive ?? false);
    const { done, failed } = bulkAnswerOf(outcomes);
    return { deleted: done, failed };
  }

  private async listOf(
    principal: Principal,
    deploymentId: number,
    query: ListWorkspaceQuery,
    sharedOnly: boolean,
  ) {
    const scope = await this.contentAccess.scopeOf(principal, deploymentId);
    const folderId = query.folderId ?? null;
    if (folderId !== null) requireFolder(scope, folderId, 'view');
    const search = query.search?.trim() ?? '';
    const place: WorkspacePlace =
      search === ''
        ? { in: folderId }
        : { under: folderId === null ? 'everywhere' : [...scope.tree.subtreeOf(folderId)] };
    const ordering = `${query.orderByField}-${query.orderByDirection}`;
    const window = sortKeyWindowOf(query, ordering, ['string', 'number', 'number']);
    const rows = await listWorkspaceRows(this.database, {
      scope,
      place,
      types: new Set(query.types?.length ? query.types : workspaceItemTypes),
      namePattern: search === '' ? null : likePatternOf(search),
      sharedOnly,
      orderByField: query.orderByField,
      direction: query.orderByDirection,
      window,
    });
    const page = sortKeyPageOf(rows, window.size, ordering, (row) => row.key);
    return { items: page.rows.map((row) => row.item), pageInfo: page.pageInfo };
  }
}
