import { AppError } from '../../errors/app-error.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';

/** The operator configures the regions (PLATFORM_REGIONS); the first is the default. */
export function defaultRegionOf(regions: readonly string[]): string {
  const [first] = regions;
  if (first === undefined) throw new Error('the configuration lists no region');
  return first;
}

export function assertRegionAvailable(region: string, regions: readonly string[]): void {
  if (!regions.includes(region)) {
    throw new AppError(
      'BAD_REQUEST',
      `region "${region}" is not available: choose one of ${regions.join(', ')}`,
    );
  }
}

export class RegionsService {
  constructor(
    private readonly authorization: AuthorizationService,
    /** The config object itself: the chat listener's URL is known only after it listens. */
    private readonly config: { regions: readonly string[]; chatPublicUrl: string },
  ) {}

  list(principal: Principal) {
    this.authorization.authorize(principal, 'DeploymentRead', {
      type: 'account',
      accountId: principal.accountId,
    });
    return {
      // One chat listener serves every region of this server.
      items: this.config.regions.map((id, index) => ({
        id,
        name: id,
        title: id,
        provider: 'self-hosted',
        isDefault: index === 0,
        aiUrl: this.config.chatPublicUrl,
      })),
    };
  }
}
