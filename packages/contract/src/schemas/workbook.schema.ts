import * as z from 'zod';
import { DeploymentIdParams, EntityId, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { ContentUser, FolderPath } from './content.schema.js';
import { text } from './text.schema.js';

/** A slug as API-NOTES.md defines it, once trimmed and lowercased. */
export const workbookSlugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** What a workbook's `meta` may hold at most once stored (merges included), as JSON text. */
export const maximumWorkbookMetaBytes = 1_000_000;

/** Clients send slugs as they type them: trimmed and lowercased before the pattern applies. */
export const WorkbookSlug = z
  .string()
  .max(200)
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z.string().regex(workbookSlugPattern, {
      error: 'must be 1-100 characters of a-z, 0-9 and -, starting with a letter or digit',
    }),
  )
  .meta({
    description: 'Trimmed and lowercased, then `^[a-z0-9][a-z0-9-]{0,99}$`; unique in the deployment.',
  });

export const WorkbookName = text().trim().min(1).max(255);

/** Free-form; `dashboardDraft` holds the dashboard draft. */
export const WorkbookMeta = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Free-form; `meta.dashboardDraft` holds the dashboard draft.' });

/**
 * A folder to put a workbook in: an id, or `null` or `0` for the root (the hosted CLI sends 0 for the
 * root, as its `update --folder 0` does).
 */
export const WorkbookFolderId = z
  .union([EntityId, z.literal(0)])
  .nullable()
  .transform((value) => (value === 0 ? null : value))
  .meta({ description: 'A folder id; `null` or `0` is the root.' });

export const Workbook = z
  .object({
    id: EntityId,
    name: z.string(),
    slug: z.string().nullable(),
    folderId: EntityId.nullable(),
    folderPath: FolderPath,
    user: ContentUser.meta({ description: 'The owner.' }),
    meta: z.record(z.string(), z.unknown()),
    isShared: z.boolean().meta({
      description:
        'A workbook that is not shared is seen only by its owner, content managers and policy holders.',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Workbook' });

export type Workbook = z.infer<typeof Workbook>;

export const WorkbooksListResponse = listOf(Workbook, 'WorkbooksListResponse');

export const ListWorkbooksQuery = PagingQuery.extend({
  folderId: z
    .preprocess(
      (value) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value),
      z.union([EntityId, z.literal(0)]),
    )
    .optional()
    .meta({
      description:
        'Only the workbooks directly in this folder (`0`: those at the root). Without it, every workbook of the deployment the caller may see.',
    }),
});

export const CreateWorkbookInput = z
  .object({
    name: WorkbookName.optional().meta({ description: 'Default "Untitled workbook".' }),
    folderId: WorkbookFolderId.optional(),
    slug: WorkbookSlug.nullable().optional(),
    meta: WorkbookMeta.optional(),
    isShared: z.boolean().optional().meta({ description: 'Default true.' }),
  })
  .meta({ id: 'CreateWorkbookInput' });

export const UpdateWorkbookInput = z
  .object({
    name: WorkbookName.optional(),
    slug: WorkbookSlug.nullable().optional().meta({ description: '`null` removes the slug.' }),
    folderId: WorkbookFolderId.optional().meta({
      description: 'Moves the workbook (edit rights in the target folder); `null` or `0` is the root.',
    }),
    meta: WorkbookMeta.optional().meta({ description: 'Replaces the whole meta.' }),
    isShared: z.boolean().optional().meta({ description: 'Changing it needs manage rights.' }),
  })
  .meta({ id: 'UpdateWorkbookInput' });

export const UpsertWorkbookInput = z
  .object({
    name: WorkbookName.optional().meta({ description: 'On create, default the slug.' }),
    folderId: WorkbookFolderId.optional(),
    meta: WorkbookMeta.optional().meta({
      description: "Merged key by key into the existing workbook's meta.",
    }),
    isShared: z.boolean().optional(),
  })
  .meta({ id: 'UpsertWorkbookInput' });

export const WorkbookSlugParams = DeploymentIdParams.extend({ slug: WorkbookSlug });

export const DuplicateWorkbookInput = z
  .object({
    shared: z.boolean().optional().meta({ description: 'Whether the copy is shared; default false.' }),
  })
  .meta({ id: 'DuplicateWorkbookInput' });

export const WorkbookDashboardInput = z
  .object({
    dashboardDraft: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'The draft config a later publish uses; `null` clears it.' }),
  })
  .meta({ id: 'WorkbookDashboardInput' });

export const WorkbookDashboard = z
  .object({
    dashboardDraft: z.record(z.string(), z.unknown()).nullable(),
    dashboardPublished: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        "The config of the workbook's published dashboard (its latest version); null until one is published, and while it is archived.",
    }),
  })
  .meta({ id: 'WorkbookDashboard' });
