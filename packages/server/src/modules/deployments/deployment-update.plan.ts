import type * as contract from '@platform/contract';
import type * as z from 'zod';
import { creationStepAfterMethodChange } from './creation-step.machine.js';
import type { DeploymentInsert, DeploymentRow } from './deployments.tables.js';
import { assertEngineVersionAvailable, normaliseEngineVersion } from './engine-versions.catalogue.js';
import { assertRegionAvailable } from './regions.service.js';

type UpdateDeploymentInput = z.output<typeof contract.UpdateDeploymentInput>;

export interface DeploymentUpdatePlan {
  /** Only the columns whose value changes. */
  changes: Partial<DeploymentInsert>;
  /** Log lines for the deployment's log: field names and versions, never values of secrets. */
  events: string[];
}

const settingFields = [
  'name',
  'cloudProvider',
  'creationMethod',
  'deployMode',
  'region',
  'deployBranchName',
] as const;

/**
 * Works out what a partial update changes, validates it against the allowed regions and engine
 * versions (throwing AppError), and names the events to log. The creation step follows a change of
 * creation method (see creation-step.machine.ts).
 */
export function planDeploymentUpdate(
  row: DeploymentRow,
  input: UpdateDeploymentInput,
  regions: readonly string[],
): DeploymentUpdatePlan {
  const changes: Partial<DeploymentInsert> = {};
  const events: string[] = [];
  if (input.region !== undefined) assertRegionAvailable(input.region, regions);
  const changedSettings = settingFields.filter(
    (field) => input[field] !== undefined && input[field] !== row[field],
  );
  for (const field of changedSettings) Object.assign(changes, { [field]: input[field] });
  if (changedSettings.length > 0) events.push(`settings changed: ${changedSettings.join(', ')}`);

  if (input.releaseChannel !== undefined || input.releaseChannelVersion !== undefined) {
    const channel = input.releaseChannel ?? row.releaseChannel;
    const version =
      input.releaseChannelVersion === undefined
        ? row.releaseChannelVersion
        : input.releaseChannelVersion === null
          ? null
          : normaliseEngineVersion(input.releaseChannelVersion);
    if (version !== null) assertEngineVersionAvailable(version, channel);
    if (channel !== row.releaseChannel) changes.releaseChannel = channel;
    if (version !== row.releaseChannelVersion) changes.releaseChannelVersion = version;
    if (channel !== row.releaseChannel || version !== row.releaseChannelVersion) {
      events.push(
        version === null
          ? `engine version follows the ${channel} channel (unpinned)`
          : `engine version switched to ${version} on the ${channel} channel`,
      );
    }
  }

  if (changes.creationMethod !== undefined) {
    const step = creationStepAfterMethodChange(changes.creationMethod, row.creationStep);
    if (step !== row.creationStep) {
      changes.creationStep = step;
      events.push(
        `creation step moved from ${row.creationStep} to ${step}: creation method changed to ${changes.creationMethod}`,
      );
    }
  }
  return { changes, events };
}
