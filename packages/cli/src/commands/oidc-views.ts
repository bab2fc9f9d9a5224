import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type OidcTokenConfig = OperationResult<Operations['getOidcTokenConfig']>;

function coveredDeployments(config: OidcTokenConfig): string {
  return config.deploymentIds === null ? 'all' : config.deploymentIds.join(', ');
}

export function formatOidcTokenConfigs(configs: readonly OidcTokenConfig[]): string {
  if (configs.length === 0) return 'no OIDC token configurations';
  return formatTable(
    [
      { header: 'ID', value: (config: OidcTokenConfig) => config.id },
      { header: 'NAME', value: (config: OidcTokenConfig) => config.name },
      { header: 'AUDIENCE', value: (config: OidcTokenConfig) => config.audience },
      { header: 'VARIABLE', value: (config: OidcTokenConfig) => config.targetEnvVar },
      { header: 'DEPLOYMENTS', value: coveredDeployments },
      { header: 'ENABLED', value: (config: OidcTokenConfig) => (config.isEnabled ? 'yes' : 'no') },
    ],
    configs,
  );
}

export function formatOidcTokenConfig(config: OidcTokenConfig): string {
  return formatKeyValues([
    ['id', config.id],
    ['name', config.name],
    ['audience', config.audience],
    ['target variable', config.targetEnvVar],
    ['deployments', coveredDeployments(config)],
    ['enabled', config.isEnabled ? 'yes' : 'no'],
    ['lifetime (s)', config.lifetimeSeconds],
    ['created', config.createdAt],
    ['updated', config.updatedAt],
  ]);
}
