import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { DashboardEmbeddingService } from '../dashboards/dashboard-embedding.service.js';
import type { DashboardsService } from '../dashboards/dashboards.service.js';
import type { EmbedAccessService } from './embed-access.service.js';

type EmbedViewerOperations = Pick<
  Operations,
  'getEmbedDashboard' | 'updateEmbedDashboard' | 'getWorkbookEmbedAccess' | 'updateWorkbookEmbedAccess'
>;

export interface EmbedViewerRouteServices {
  dashboards: Pick<DashboardsService, 'getForViewer'>;
  dashboardEmbedding: Pick<DashboardEmbeddingService, 'setByPublicId'>;
  embedAccess: EmbedAccessService;
}

/** Who sees what: opening a dashboard embedded, and the switches and rules that decide it. */
export function embedViewerRoutes(
  services: EmbedViewerRouteServices,
): OperationHandlers<EmbedViewerOperations> {
  const { dashboards, dashboardEmbedding, embedAccess } = services;
  return {
    getEmbedDashboard: ({ params, context }) => dashboards.getForViewer(context.viewer, params.publicId),
    updateEmbedDashboard: ({ params, body, context }) =>
      dashboardEmbedding.setByPublicId(context.principal, params.publicId, body.allowEmbed),
    getWorkbookEmbedAccess: ({ params, context }) =>
      embedAccess.get(context.principal, params.deploymentId, params.workbookId),
    updateWorkbookEmbedAccess: ({ params, body, context }) =>
      embedAccess.update(context.principal, params.deploymentId, params.workbookId, body),
  };
}
