import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { type Column, formatTable } from '../output/table.js';

type Deployment = OperationResult<Operations['getDeployment']>;
type DeploymentSettings = OperationResult<Operations['getDeploymentSettings']>;
type BuildStatus = OperationResult<Operations['getBuildStatus']>;
type EngineVersion = OperationResult<Operations['listDeploymentVersions']>['items'][number];
type Pod = OperationResult<Operations['listDeploymentPods']>['items'][number];

const deploymentColumns: Column<Deployment>[] = [
  { header: 'ID', value: (deployment) => deployment.id },
  { header: 'NAME', value: (deployment) => deployment.name },
  { header: 'STEP', value: (deployment) => deployment.creationStep },
  { header: 'URL', value: (deployment) => deployment.deploymentUrl },
];

export function formatDeployments(deployments: readonly Deployment[]): string {
  return formatTable(deploymentColumns, deployments);
}

function deploymentEntries(deployment: Deployment): [string, unknown][] {
  return [
    ['id', deployment.id],
    ['name', deployment.name],
    ['creation step', deployment.creationStep],
    ['url', deployment.deploymentUrl],
    ['created', deployment.createdAt],
    ['updated', deployment.updatedAt],
  ];
}

export function formatDeployment(deployment: Deployment): string {
  return formatKeyValues(deploymentEntries(deployment));
}

export function formatDeploymentSettings(settings: DeploymentSettings): string {
  return formatKeyValues([
    ...deploymentEntries(settings),
    ['cloud provider', settings.cloudProvider],
    ['creation method', settings.creationMethod],
    ['deploy mode', settings.deployMode],
    ['region', settings.region],
    ['release channel', settings.releaseChannel],
    ['engine version', settings.releaseChannelVersion ?? `follows ${settings.releaseChannel}`],
    ['deploy branch', settings.deployBranchName],
  ]);
}

export function formatVersions(versions: readonly EngineVersion[]): string {
  return formatTable(
    [
      { header: 'VERSION', value: (version: EngineVersion) => version.version },
      { header: 'CHANNEL', value: (version: EngineVersion) => version.channel },
      { header: 'CURRENT', value: (version: EngineVersion) => (version.isCurrent ? '*' : '') },
      { header: 'IMAGE', value: (version: EngineVersion) => version.image },
    ],
    versions,
  );
}

export function formatPods(pods: readonly Pod[]): string {
  return formatTable(
    [
      { header: 'NAME', value: (pod: Pod) => pod.name },
      { header: 'TYPE', value: (pod: Pod) => pod.type },
      { header: 'STATUS', value: (pod: Pod) => pod.status },
      { header: 'READY', value: (pod: Pod) => pod.ready },
      { header: 'RESTARTS', value: (pod: Pod) => pod.restartCount },
      { header: 'CONTAINERS', value: (pod: Pod) => pod.containers },
    ],
    pods,
  );
}

export function formatBuildStatus(status: BuildStatus): string {
  return formatKeyValues([
    ['deployment', status.deploymentId],
    ['branch', status.branchName],
    ['mode', status.mode],
    ['status', status.status],
    ['files hash', status.filesHash],
    ['updated', status.updatedAt],
    ...(status.errorText ? ([['error', status.errorText]] as [string, unknown][]) : []),
  ]);
}
