import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { CreationStepService } from './creation-step.service.js';
import type { DeploymentLogsService } from './deployment-logs.service.js';
import type { DeploymentRuntimeService } from './deployment-runtime.service.js';
import type { DeploymentsService } from './deployments.service.js';
import type { EngineVersionsService } from './engine-versions.service.js';
import type { EnvVarsService } from './env-vars.service.js';
import type { RegionsService } from './regions.service.js';

type DeploymentOperations = Pick<
  Operations,
  | 'listDeployments'
  | 'createDeployment'
  | 'getDeployment'
  | 'updateDeployment'
  | 'deleteDeployment'
  | 'getDeploymentSettings'
  | 'listDeploymentVersions'
  | 'getBuildStatus'
  | 'listDeploymentLogs'
  | 'listDeploymentPods'
  | 'listEnvVars'
  | 'setEnvVars'
  | 'advanceCreationStep'
  | 'resetCreationStep'
  | 'listRegions'
>;

export interface DeploymentsModuleServices {
  deployments: DeploymentsService;
  creationSteps: CreationStepService;
  engineVersions: EngineVersionsService;
  envVars: EnvVarsService;
  deploymentLogs: DeploymentLogsService;
  deploymentRuntime: DeploymentRuntimeService;
  regions: RegionsService;
}

export function deploymentsRoutes(
  services: DeploymentsModuleServices,
): OperationHandlers<DeploymentOperations> {
  const { deployments, creationSteps, engineVersions, envVars, deploymentLogs, deploymentRuntime, regions } =
    services;
  return {
    listDeployments: ({ query, context }) => deployments.list(context.principal, query),
    createDeployment: ({ body, context }) => deployments.create(context.principal, body),
    getDeployment: ({ params, context }) => deployments.get(context.principal, params.deploymentId),
    updateDeployment: ({ params, body, context }) =>
      deployments.update(context.principal, params.deploymentId, body),
    deleteDeployment: ({ params, context }) => deployments.delete(context.principal, params.deploymentId),
    getDeploymentSettings: ({ params, context }) =>
      deployments.getSettings(context.principal, params.deploymentId),
    listDeploymentVersions: ({ params, context }) =>
      engineVersions.list(context.principal, params.deploymentId),
    getBuildStatus: ({ params, query, context }) =>
      deploymentRuntime.buildStatus(context.principal, params.deploymentId, query.branchName),
    listDeploymentLogs: ({ params, query, context }) =>
      deploymentLogs.list(context.principal, params.deploymentId, query),
    listDeploymentPods: ({ params, context }) =>
      deploymentRuntime.pods(context.principal, params.deploymentId),
    listEnvVars: ({ params, query, context }) => envVars.list(context.principal, params.deploymentId, query),
    setEnvVars: ({ params, body, context }) => envVars.set(context.principal, params.deploymentId, body),
    advanceCreationStep: ({ params, context }) =>
      creationSteps.advance(context.principal, params.deploymentId),
    resetCreationStep: ({ params, body, context }) =>
      creationSteps.reset(context.principal, params.deploymentId, body.step),
    listRegions: async ({ context }) => regions.list(context.principal),
  };
}
