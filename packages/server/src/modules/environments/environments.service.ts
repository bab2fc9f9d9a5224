import type { Environment, EnvironmentType } from '@platform/contract';
import { notFound } from '../../errors/app-error.js';
import { encodeCursor, pageWindowOf } from '../../platform/paging/cursor.js';
import { deploymentUrlOf } from '../deployments/deployment.mapper.js';
import type { Principal } from '../identity/principal.js';

/** The deployment fields environments need. */
interface DeploymentOfEnvironments {
  id: number;
  accountId: number;
  deployBranchName: string;
}

/** What the environments read of other modules, each through its own service. */
export interface EnvironmentSources {
  loadDeployment(principal: Principal, deploymentId: number): Promise<DeploymentOfEnvironments>;
  stagingBranches(deploymentId: number): Promise<string[]>;
  devModeBranches(deploymentId: number): Promise<Array<{ credentialId: number; branchName: string }>>;
  ownersOf(
    accountId: number,
    credentialIds: readonly number[],
  ): Promise<Map<number, { id: number; email: string }>>;
}

interface ListQuery {
  type?: EnvironmentType | undefined;
  first: number;
  after?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

const stagingPrefix = 'staging-';
const developmentPrefix = 'development-';

export function environmentIdOf(type: EnvironmentType, key: string): string {
  if (type === 'production') return 'production';
  if (type === 'staging') return `${stagingPrefix}${Buffer.from(key, 'utf8').toString('base64url')}`;
  return `${developmentPrefix}${key}`;
}

/**
 * The environments of a deployment, derived from what the data model records rather than stored:
 * production is the deploy branch, staging each branch whose staging environment is on, development
 * each credential's dev-mode branch while it is on. Ids are stable while the environment exists.
 */
export class EnvironmentsService {
  constructor(
    private readonly sources: EnvironmentSources,
    private readonly config: { publicUrl: string },
  ) {}

  async list(principal: Principal, deploymentId: number, query: ListQuery) {
    const deployment = await this.sources.loadDeployment(principal, deploymentId);
    const all = (await this.environmentsOf(deployment)).filter(
      (environment) => query.type === undefined || environment.type === query.type,
    );
    // The list is computed, so its cursor is a position in it (the "id" a cursor holds: items already read).
    const { size, offset, afterId } = pageWindowOf(query);
    const start = afterId ?? offset;
    const items = all.slice(start, start + size);
    const end = start + items.length;
    return {
      items,
      pageInfo: { endCursor: items.length > 0 ? encodeCursor(end) : null, hasNextPage: end < all.length },
    };
  }

  /** One environment by id, or a 404: the environment must exist now (a staging branch still enabled). */
  async find(principal: Principal, deploymentId: number, environmentId: string) {
    const deployment = await this.sources.loadDeployment(principal, deploymentId);
    const environment = (await this.environmentsOf(deployment)).find((item) => item.id === environmentId);
    if (!environment) throw notFound(`environment ${environmentId} of deployment ${deploymentId}`);
    return { deployment, environment };
  }

  private async environmentsOf(deployment: DeploymentOfEnvironments): Promise<Environment[]> {
    const [staging, development] = await Promise.all([
      this.sources.stagingBranches(deployment.id),
      this.sources.devModeBranches(deployment.id),
    ]);
    const owners = await this.sources.ownersOf(
      deployment.accountId,
      development.map((session) => session.credentialId),
    );
    const credentials = this.apiCredentialsOf(deployment.id);
    return [
      {
        id: environmentIdOf('production', ''),
        type: 'production',
        branch: deployment.deployBranchName,
        user: null,
        api_credentials: credentials,
      },
      ...staging.map(
        (branch): Environment => ({
          id: environmentIdOf('staging', branch),
          type: 'staging',
          branch,
          user: null,
          api_credentials: credentials,
        }),
      ),
      ...development.map(
        (session): Environment => ({
          id: environmentIdOf('development', String(session.credentialId)),
          type: 'development',
          branch: session.branchName,
          user: owners.get(session.credentialId) ?? null,
          api_credentials: credentials,
        }),
      ),
    ];
  }

  /** The data API answers every environment at one address; the environment's token picks the branch. */
  private apiCredentialsOf(deploymentId: number): Environment['api_credentials'] {
    const base = deploymentUrlOf(this.config.publicUrl, deploymentId);
    return [
      { type: 'rest', url: `${base}/v1` },
      { type: 'sql', url: `${base}/v1/cubesql` },
    ];
  }
}
