import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { WorkbookDuplicateService } from './workbook-duplicate.service.js';
import type { WorkbookUpsertService } from './workbook-upsert.service.js';
import type { WorkbooksService } from './workbooks.service.js';

type WorkbookOperations = Pick<
  Operations,
  | 'listWorkbooks'
  | 'createWorkbook'
  | 'getWorkbook'
  | 'updateWorkbook'
  | 'deleteWorkbook'
  | 'upsertWorkbookBySlug'
  | 'duplicateWorkbook'
>;

export interface WorkbooksRouteServices {
  workbooks: WorkbooksService;
  workbookUpsert: WorkbookUpsertService;
  workbookDuplicate: WorkbookDuplicateService;
}

export function workbooksRoutes(services: WorkbooksRouteServices): OperationHandlers<WorkbookOperations> {
  const { workbooks, workbookUpsert, workbookDuplicate } = services;
  return {
    listWorkbooks: ({ params, query, context }) =>
      workbooks.list(context.principal, params.deploymentId, query),
    createWorkbook: ({ params, body, context }) =>
      workbooks.create(context.principal, params.deploymentId, body),
    getWorkbook: ({ params, context }) =>
      workbooks.get(context.principal, params.deploymentId, params.workbookId),
    updateWorkbook: ({ params, body, context }) =>
      workbooks.update(context.principal, params.deploymentId, params.workbookId, body),
    deleteWorkbook: ({ params, context }) =>
      workbooks.delete(context.principal, params.deploymentId, params.workbookId),
    upsertWorkbookBySlug: ({ params, body, context }) =>
      workbookUpsert.upsert(context.principal, params.deploymentId, params.slug, body),
    duplicateWorkbook: ({ params, body, context }) =>
      workbookDuplicate.duplicate(context.principal, params.deploymentId, params.workbookId, body),
  };
}
