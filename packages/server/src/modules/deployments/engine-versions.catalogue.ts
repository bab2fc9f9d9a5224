import type { ReleaseChannel } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import { serverVersion } from '../../server-version.js';

export const engineImage = 'platform/engine';

export interface EngineVersion {
  version: string;
  image: string;
  channel: ReleaseChannel;
}

/**
 * The engine runs inside this server process, so the versions a deployment can run are the ones this
 * build ships: its own version, offered on both channels.
 */
export const availableEngineVersions: readonly EngineVersion[] = (['latest', 'release'] as const).map(
  (channel) => ({ version: serverVersion, image: `${engineImage}:v${serverVersion}`, channel }),
);

/** `1.2.3`, `v1.2.3`, or an image reference `<image>:v1.2.3` (the image may carry a registry and port). */
const versionReferencePattern = /^(?:(?<image>[^\s@]+):)?v?(?<version>\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

function describeAvailable(channel: ReleaseChannel): string {
  const versions = availableEngineVersions.filter((item) => item.channel === channel);
  return versions.length > 0
    ? `available on ${channel}: ${versions.map((item) => item.version).join(', ')}`
    : `no version is available on ${channel}`;
}

/** Turns any accepted spelling into the bare version that is stored (`1.2.3`). */
export function normaliseEngineVersion(reference: string): string {
  const match = versionReferencePattern.exec(reference.trim());
  const version = match?.groups?.version;
  if (!match || !version) {
    throw new AppError(
      'BAD_REQUEST',
      `releaseChannelVersion "${reference}" is not a version: give 1.2.3, v1.2.3 or ${engineImage}:v1.2.3`,
    );
  }
  const image = match.groups?.image;
  if (image !== undefined && image !== engineImage && !image.endsWith(`/${engineImage}`)) {
    throw new AppError(
      'BAD_REQUEST',
      `releaseChannelVersion "${reference}" names the image ${image}, not the engine image ${engineImage}`,
    );
  }
  return version;
}

/** A pinned version must be one the chosen channel offers. */
export function assertEngineVersionAvailable(version: string, channel: ReleaseChannel): void {
  const isAvailable = availableEngineVersions.some(
    (item) => item.channel === channel && item.version === version,
  );
  if (!isAvailable) {
    throw new AppError(
      'BAD_REQUEST',
      `releaseChannelVersion ${version} is not available (${describeAvailable(channel)})`,
    );
  }
}

/** The catalogue lists newest first: a version is its channel's latest when none precedes it there. */
export function isLatestInChannel(item: EngineVersion): boolean {
  const newest = availableEngineVersions.find((candidate) => candidate.channel === item.channel);
  return newest?.version === item.version;
}

/**
 * The deployment runs a version when it follows that version's channel and is pinned to it, or is
 * unpinned and the version is the channel's newest (the catalogue lists newest first).
 */
export function isCurrentEngineVersion(
  item: EngineVersion,
  deployment: { releaseChannel: ReleaseChannel; releaseChannelVersion: string | null },
): boolean {
  if (item.channel !== deployment.releaseChannel) return false;
  const newest = availableEngineVersions.find((candidate) => candidate.channel === item.channel);
  return item.version === (deployment.releaseChannelVersion ?? newest?.version);
}
