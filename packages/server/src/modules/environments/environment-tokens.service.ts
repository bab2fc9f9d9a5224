import type * as contract from '@platform/contract';
import type { DataApiScope } from '@platform/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { DeploymentTokensService } from '../data-api/deployment-tokens.service.js';
import type { Principal } from '../identity/principal.js';
import type { EnvironmentsService } from './environments.service.js';
import { type EnvironmentTokenRow, environmentTokensTable } from './environments.tables.js';

type CreateInput = z.output<typeof contract.CreateEnvironmentTokenInput>;
type PagingQuery = z.output<typeof contract.PagingQuery>;

const shownSuffixLength = 6;

/** What a meta-sync token may do: read the model's metadata, never its data. */
const metaSyncScopes: readonly DataApiScope[] = ['meta'];

function toSummary(row: EnvironmentTokenRow) {
  return {
    id: row.id,
    token: `****${row.tokenSuffix}`,
    security_context: row.securityContext,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * Tokens of an environment: deployment tokens bound to its branch, minted by DeploymentTokensService
 * (so the same rights rule decides who may make one), carrying the scopes asked for (none: every
 * scope), which the data API enforces. The list shows what each was made with and its last characters;
 * the token itself is only in the answer that created it.
 */
export class EnvironmentTokensService {
  constructor(
    private readonly database: Database,
    private readonly environments: EnvironmentsService,
    private readonly deploymentTokens: DeploymentTokensService,
  ) {}

  async create(principal: Principal, deploymentId: number, environmentId: string, input: CreateInput) {
    const scopes = input.scopes && input.scopes.length > 0 ? [...new Set(input.scopes)] : null;
    return this.mint(principal, deploymentId, environmentId, input, scopes);
  }

  /** A token for tools that sync the model's metadata: the `meta` scope and nothing else. */
  async createMetaSync(
    principal: Principal,
    deploymentId: number,
    environmentId: string,
    input: CreateInput,
  ) {
    const beyond = (input.scopes ?? []).filter((scope) => !metaSyncScopes.includes(scope));
    if (beyond.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `a meta-sync token carries the meta scope only; leave out ${beyond.join(', ')} or use POST .../tokens`,
      );
    }
    return this.mint(principal, deploymentId, environmentId, input, metaSyncScopes);
  }

  private async mint(
    principal: Principal,
    deploymentId: number,
    environmentId: string,
    input: CreateInput,
    scopes: readonly DataApiScope[] | null,
  ) {
    const { environment } = await this.environments.find(principal, deploymentId, environmentId);
    const minted = await this.deploymentTokens.create(
      principal,
      deploymentId,
      { securityContext: input.security_context, expiresIn: input.expires_in },
      { branchName: environment.branch, scopes },
    );
    const [row] = await this.database
      .insert(environmentTokensTable)
      .values({
        deploymentId,
        environmentId,
        tokenSuffix: minted.platformApiToken.slice(-shownSuffixLength),
        securityContext: input.security_context,
        scopes: scopes === null ? [] : [...scopes],
        createdByCredentialId: principal.credential.id,
        expiresAt: new Date(minted.expiresAt),
      })
      .returning();
    if (!row) throw new Error('the environment token insert returned no row');
    return {
      data: {
        token: minted.platformApiToken,
        security_context: input.security_context,
        created_at: row.createdAt.toISOString(),
        expires_at: minted.expiresAt,
      },
    };
  }

  /** Newest first, so the cursor moves towards smaller ids. */
  async list(principal: Principal, deploymentId: number, environmentId: string, query: PagingQuery) {
    await this.environments.find(principal, deploymentId, environmentId);
    const { afterId: beforeId, size, offset } = pageWindowOf(query);
    const conditions = [
      eq(environmentTokensTable.deploymentId, deploymentId),
      eq(environmentTokensTable.environmentId, environmentId),
    ];
    if (beforeId !== null) conditions.push(lt(environmentTokensTable.id, beforeId));
    const rows = await this.database
      .select()
      .from(environmentTokensTable)
      .where(and(...conditions))
      .orderBy(desc(environmentTokensTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toSummary), pageInfo: page.pageInfo };
  }
}
