import * as z from 'zod';
import { EntityId, IdParam } from './common.schema.js';

/** One folder of the chain from the root down to the folder that holds an item (root first). */
export const FolderPathEntry = z.object({ id: EntityId, name: z.string() }).meta({ id: 'FolderPathEntry' });

export const FolderPath = z.array(FolderPathEntry).meta({
  id: 'FolderPath',
  description:
    "The folders from the root down to the one that holds the item; a folder's own ends with its parent; `[]` at the root.",
});

/** The owner of a workbook or report, as lists show it. */
export const ContentUser = z
  .object({ id: EntityId, email: z.string(), name: z.string().nullable() })
  .meta({ id: 'ContentUser' });

export const workspaceItemTypes = ['FOLDER', 'WORKBOOK', 'REPORT'] as const;

export const WorkspaceItemType = z.enum(workspaceItemTypes).meta({ id: 'WorkspaceItemType' });

export type WorkspaceItemType = z.infer<typeof WorkspaceItemType>;

/** What a resource policy grants on one item: `view` reads and runs, `edit` changes, `manage` deletes and shares. */
export const ResourcePolicyAction = z.enum(['view', 'edit', 'manage']).meta({ id: 'ResourcePolicyAction' });

export const FolderIdParams = z.object({ deploymentId: IdParam, folderId: IdParam });
export const WorkbookIdParams = z.object({ deploymentId: IdParam, workbookId: IdParam });
export const ReportIdParams = z.object({ deploymentId: IdParam, reportId: IdParam });

/** How many levels folders may nest: a root folder is level 1. */
export const maximumFolderDepth = 10;
