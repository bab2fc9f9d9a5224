import * as z from 'zod';
import {
  EntityId,
  IdParam,
  maximumId,
  PageInfo,
  PagingQuery,
  QueryBoolean,
  Timestamp,
} from './common.schema.js';
import { FolderPath } from './content.schema.js';
import { isStorableText, unstorableTextMessage } from './text.schema.js';

export const maximumFolderNameLength = 255;

// Control characters (C0 and DEL) break tables and terminals; `/` would make a folder path ambiguous
// (the CLI and `content pull` show and store paths as `a/b/c`).
function hasForbiddenNameCharacter(name: string): boolean {
  for (const character of name) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || character === '/') return true;
  }
  return false;
}

/** A folder name: trimmed, 1 to 255 characters, no `/` and no control characters. */
export const FolderName = z
  .string()
  .trim()
  .min(1)
  .max(maximumFolderNameLength)
  .refine(isStorableText, { error: unstorableTextMessage })
  .refine((name) => !hasForbiddenNameCharacter(name), {
    error: 'must not contain "/" or control characters',
  })
  .meta({
    description: `Trimmed; 1 to ${maximumFolderNameLength} characters without "/" or control characters; unique among its siblings.`,
  });

export const FolderPosition = z
  .int()
  .min(0)
  .max(maximumId)
  .meta({ description: 'Where the folder sorts among its siblings (ascending, then by name).' });

export const Folder = z
  .object({
    id: EntityId,
    name: z.string(),
    parentId: EntityId.nullable().meta({ description: 'The folder that holds it; null at the root.' }),
    position: z.int(),
    folderPath: FolderPath,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Folder' });

export type Folder = z.infer<typeof Folder>;

export const ListFoldersQuery = PagingQuery.extend({
  parentId: IdParam.optional().meta({
    description: "List this folder's subfolders; without it, the folders at the root.",
  }),
});

export const FoldersListResponse = z
  .object({
    items: z.array(Folder),
    pageInfo: PageInfo,
    data: z.array(Folder).meta({ deprecated: true, description: 'Deprecated: the same array as `items`.' }),
    count: z.int().meta({
      deprecated: true,
      description: 'Deprecated: how many folders the list holds in all pages.',
    }),
  })
  .meta({ id: 'FoldersListResponse' });

export const CreateFolderInput = z
  .object({
    name: FolderName,
    parentId: EntityId.nullable()
      .optional()
      .meta({ description: 'The folder to create it in; the root when absent or null.' }),
    position: FolderPosition.optional().meta({ description: 'Default 0.' }),
  })
  .strict()
  .meta({ id: 'CreateFolderInput' });

export const UpdateFolderInput = z
  .object({ name: FolderName.optional(), position: FolderPosition.optional() })
  .strict()
  .meta({
    id: 'UpdateFolderInput',
    description: 'Renames or reorders a folder; moving it is POST .../workspace/move.',
  });

export const DeleteFolderQuery = z.object({
  recursive: QueryBoolean.optional().meta({
    description:
      'Delete what the folder holds too (subfolders, workbooks, reports); without it a folder that holds anything is a 400.',
  }),
});

export const FolderAncestors = z.array(Folder).meta({
  id: 'FolderAncestors',
  description: 'The folders above a folder, root first; `[]` for a folder at the root.',
});
