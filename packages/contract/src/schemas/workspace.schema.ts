import * as z from 'zod';
import { EntityId, IdParam, listOf, PagingQuery, queryArray, Timestamp } from './common.schema.js';
import { WorkspaceItemType } from './content.schema.js';
import { text } from './text.schema.js';

export const maximumBulkWorkspaceItems = 100;

export const WorkspaceItem = z
  .object({
    type: WorkspaceItemType,
    id: EntityId,
    name: z.string(),
    folderId: EntityId.nullable().meta({ description: 'The folder that holds it; null at the root.' }),
    updatedAt: Timestamp,
  })
  .meta({ id: 'WorkspaceItem' });

export type WorkspaceItem = z.infer<typeof WorkspaceItem>;

export const workspaceOrderFields = ['name', 'updatedAt'] as const;

export const ListWorkspaceQuery = PagingQuery.extend({
  folderId: IdParam.optional().meta({
    description:
      'The folder whose items are listed (the root without it); with `search`, the folder whose subtree is searched.',
  }),
  types: queryArray(WorkspaceItemType)
    .optional()
    .meta({ description: 'Only these types (repeat the key: `types=FOLDER&types=REPORT`); all without it.' }),
  search: text().max(200).optional().meta({
    description:
      'Items whose name contains the text (case-insensitive), anywhere in the deployment (or under `folderId`), not only in one folder.',
  }),
  orderByField: z.enum(workspaceOrderFields).default('name').meta({
    description: 'Sort by name (case-insensitive) or by last change; ties by type (folders first) and id.',
  }),
  orderByDirection: z.enum(['asc', 'desc']).default('asc'),
});

export const WorkspaceListResponse = listOf(WorkspaceItem, 'WorkspaceListResponse');

/** One item a workspace operation names. */
export const WorkspaceItemRef = z
  .object({ type: WorkspaceItemType, id: EntityId })
  .meta({ id: 'WorkspaceItemRef' });

export type WorkspaceItemRef = z.infer<typeof WorkspaceItemRef>;

const TargetFolderId = EntityId.nullable().meta({
  description: 'The folder to move into; null is the root.',
});

export const MoveWorkspaceItemInput = z
  .object({ type: WorkspaceItemType, id: EntityId, folderId: TargetFolderId })
  .strict()
  .meta({ id: 'MoveWorkspaceItemInput' });

const BulkItems = z
  .array(z.object({ type: WorkspaceItemType, id: EntityId }).strict())
  .min(1)
  .max(maximumBulkWorkspaceItems)
  .meta({ description: `1 to ${maximumBulkWorkspaceItems} items; an item named twice counts once.` });

export const BulkDeleteWorkspaceItemsInput = z
  .object({
    items: BulkItems,
    recursive: z.boolean().optional().meta({
      description:
        'Delete folders with what they hold; without it a folder that still holds anything fails (400).',
    }),
  })
  .strict()
  .meta({ id: 'BulkDeleteWorkspaceItemsInput' });

export const BulkMoveWorkspaceItemsInput = z
  .object({ items: BulkItems, folderId: TargetFolderId })
  .strict()
  .meta({ id: 'BulkMoveWorkspaceItemsInput' });

export const WorkspaceItemFailure = z
  .object({
    type: WorkspaceItemType,
    id: z.int(),
    error: z.object({ status: z.int(), message: z.string() }),
  })
  .meta({ id: 'WorkspaceItemFailure' });

export type WorkspaceItemFailure = z.infer<typeof WorkspaceItemFailure>;

export const BulkDeleteWorkspaceItemsResponse = z
  .object({ deleted: z.array(WorkspaceItemRef), failed: z.array(WorkspaceItemFailure) })
  .meta({ id: 'BulkDeleteWorkspaceItemsResponse' });

export const BulkMoveWorkspaceItemsResponse = z
  .object({ moved: z.array(WorkspaceItemRef), failed: z.array(WorkspaceItemFailure) })
  .meta({ id: 'BulkMoveWorkspaceItemsResponse' });
