import * as z from 'zod';
import { EntityId, PageInfo, PagingQuery } from './common.schema.js';
import { FolderPath } from './content.schema.js';

/** A folder with how many reports it holds directly: what the hosted CLI's `reports folders` lists. */
export const ReportFolder = z
  .object({
    id: EntityId,
    name: z.string(),
    parentId: EntityId.nullable(),
    folderPath: FolderPath,
    reportsCount: z.int().meta({ description: 'Reports directly in the folder that the caller may see.' }),
  })
  .meta({ id: 'ReportFolder' });

export const ListReportFoldersQuery = PagingQuery;

export const ReportFoldersListResponse = z
  .object({
    items: z.array(ReportFolder),
    pageInfo: PageInfo,
    data: z
      .array(ReportFolder)
      .meta({ deprecated: true, description: 'Deprecated: the same array as `items`.' }),
    count: z.int().meta({ deprecated: true, description: 'Deprecated: how many folders in all pages.' }),
  })
  .meta({ id: 'ReportFoldersListResponse' });
