import type { Deployment, DeploymentSettings } from '@platform/contract';
import type { DeploymentRow } from './deployments.tables.js';

/** The data API of a deployment answers under the management API's public address. */
export function deploymentUrlOf(publicUrl: string, deploymentId: number): string {
  return `${publicUrl}/deployments/${deploymentId}/data`;
}

export function toDeployment(row: DeploymentRow, publicUrl: string): Deployment {
  return {
    id: row.id,
    name: row.name,
    deploymentUrl: deploymentUrlOf(publicUrl, row.id),
    creationStep: row.creationStep,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeploymentSettings(row: DeploymentRow, publicUrl: string): DeploymentSettings {
  return {
    ...toDeployment(row, publicUrl),
    cloudProvider: row.cloudProvider,
    creationMethod: row.creationMethod,
    deployMode: row.deployMode,
    region: row.region,
    releaseChannel: row.releaseChannel,
    releaseChannelVersion: row.releaseChannelVersion,
    deployBranchName: row.deployBranchName,
    targetPlatform: row.targetPlatform,
    isManaged: row.isManaged,
  };
}
