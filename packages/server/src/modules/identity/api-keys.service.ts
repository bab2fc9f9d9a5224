import type * as contract from '@platform/contract';
import { isRoleAtMost, type Role } from '@platform/contract';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import { apiKeyTokenPrefix, generateApiKeyToken, hashApiKeyToken } from './api-key-token.js';
import type { AuthorizationService } from './authorization.service.js';
import { apiKeyTopic } from './credential.service.js';
import { assertCredentialWithin } from './credential-rights.js';
import { type ApiKeyRow, apiKeysTable, usersTable } from './identity.tables.js';
import type { Principal } from './principal.js';
import { toApiKey } from './user.mapper.js';

type CreateApiKeyInput = z.output<typeof contract.CreateApiKeyInput>;
type ListApiKeysQuery = z.output<typeof contract.ListApiKeysQuery>;

export interface IssueApiKeyOptions {
  accountId: number;
  userId: number;
  name: string;
  role?: Role | null;
  deploymentIds?: number[] | null;
  /** Default true: the key holds DownloadData when its role does. */
  canDownloadData?: boolean;
  expiresAt?: Date | null;
  /** A chosen key (the bootstrap key from the environment); otherwise a random one. */
  token?: string;
  /** Default `api-key`; a sign-in grant's key is never shown and never listed (docs/sign-in.md). */
  kind?: 'api-key' | 'sso' | 'device';
}

/** Stores only the hash of a new key and returns the key once. */
export async function issueApiKey(database: Database, options: IssueApiKeyOptions) {
  const token = options.token ?? generateApiKeyToken();
  const [row] = await database
    .insert(apiKeysTable)
    .values({
      accountId: options.accountId,
      userId: options.userId,
      name: options.name,
      tokenHash: hashApiKeyToken(token),
      tokenPrefix: apiKeyTokenPrefix(token),
      role: options.role ?? null,
      deploymentIds: options.deploymentIds ?? null,
      canDownloadData: options.canDownloadData ?? true,
      expiresAt: options.expiresAt ?? null,
      kind: options.kind ?? 'api-key',
    })
    .returning();
  return { ...toApiKey(row as ApiKeyRow), token };
}

/** How identity asks the deployments module which ids exist, without reading its tables. */
export type FindMissingDeployments = (
  accountId: number,
  deploymentIds: readonly number[],
) => Promise<number[]>;

export class ApiKeysService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly changeFeed: ChangeFeed,
    private readonly findMissingDeployments: FindMissingDeployments,
  ) {}

  async list(principal: Principal, query: ListApiKeysQuery) {
    const userId = query.userId ?? principal.userId;
    if (userId !== principal.userId) await this.assertManagesUser(principal, userId);
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [
      eq(apiKeysTable.accountId, principal.accountId),
      eq(apiKeysTable.userId, userId),
      eq(apiKeysTable.kind, 'api-key'),
    ];
    if (afterId !== null) conditions.push(gt(apiKeysTable.id, afterId));
    const rows = await this.database
      .select()
      .from(apiKeysTable)
      .where(and(...conditions))
      .orderBy(asc(apiKeysTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toApiKey), pageInfo: page.pageInfo };
  }

  async create(principal: Principal, input: CreateApiKeyInput) {
    const userId = input.userId ?? principal.userId;
    const owner =
      userId === principal.userId
        ? await this.userOf(principal)
        : await this.assertManagesUser(principal, userId);
    if (input.role && !isRoleAtMost(input.role, owner.role)) {
      throw new AppError(
        'BAD_REQUEST',
        `a key cannot have the role ${input.role}: its user is ${owner.role}`,
      );
    }
    if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) {
      throw new AppError('BAD_REQUEST', 'expiresAt must be in the future');
    }
    // A key with no role of its own follows its user's role; when that is more than the caller's, the
    // new key keeps the caller's limit instead, so a limited key never makes an unlimited one. Likewise
    // a key made without a scope or an expiry keeps the caller's.
    const role = input.role ?? (isRoleAtMost(owner.role, principal.role) ? null : principal.role);
    const deploymentIds = input.deploymentIds ?? principal.credential.deploymentIds;
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : principal.credential.expiresAt;
    assertCredentialWithin(
      principal,
      { role: role ?? owner.role, deploymentIds, expiresAt },
      'a new API key',
    );
    // A key without DownloadData makes keys without it too, so it cannot give itself the right back.
    const callerCanDownload = !principal.withheldActions?.has('DownloadData');
    if (input.canDownloadData && !callerCanDownload) {
      throw new AppError(
        'FORBIDDEN',
        'a new API key: this credential lacks DownloadData, so a key it makes cannot have it',
      );
    }
    const canDownloadData = input.canDownloadData ?? callerCanDownload;
    if (input.deploymentIds) {
      const missing = await this.findMissingDeployments(principal.accountId, input.deploymentIds);
      if (missing.length > 0)
        throw new AppError('BAD_REQUEST', `no deployment with id ${missing.join(', ')}`);
    }
    return issueApiKey(this.database, {
      accountId: principal.accountId,
      userId,
      name: input.name,
      role,
      deploymentIds: deploymentIds ? [...new Set(deploymentIds)] : null,
      canDownloadData,
      expiresAt,
    });
  }

  async get(principal: Principal, apiKeyId: number) {
    return toApiKey(await this.find(principal, apiKeyId));
  }

  async delete(principal: Principal, apiKeyId: number): Promise<{ success: true }> {
    const row = await this.find(principal, apiKeyId);
    if (row.userId !== principal.userId) {
      this.authorization.authorize(principal, 'UsersManage', {
        type: 'api-key',
        id: row.id,
        accountId: row.accountId,
      });
    }
    const owner = await this.userRow(row);
    assertCredentialWithin(
      principal,
      { role: row.role ?? owner.role, deploymentIds: row.deploymentIds },
      `deleting API key ${row.id}`,
    );
    await this.database.delete(apiKeysTable).where(eq(apiKeysTable.id, apiKeyId));
    await this.changeFeed.publish(apiKeyTopic(apiKeyId));
    return { success: true };
  }

  /** The caller's own keys are always visible; other users' keys need UsersManage. */
  private async find(principal: Principal, apiKeyId: number): Promise<ApiKeyRow> {
    const [row] = await this.database
      .select()
      .from(apiKeysTable)
      .where(
        and(
          eq(apiKeysTable.id, apiKeyId),
          eq(apiKeysTable.accountId, principal.accountId),
          eq(apiKeysTable.kind, 'api-key'),
        ),
      );
    if (!row) throw notFound(`API key ${apiKeyId}`);
    if (row.userId !== principal.userId && !this.authorization.can(principal, 'UsersManage')) {
      throw notFound(`API key ${apiKeyId}`);
    }
    return row;
  }

  /** The caller's user: a limited key's principal carries the key's role, not the user's. */
  private async userOf(principal: Principal) {
    return this.userRow({ userId: principal.userId, accountId: principal.accountId });
  }

  private async userRow(key: { userId: number; accountId: number }) {
    const [user] = await this.database
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.id, key.userId), eq(usersTable.accountId, key.accountId)));
    if (!user) throw notFound(`user ${key.userId}`);
    return user;
  }

  private async assertManagesUser(principal: Principal, userId: number) {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    const [user] = await this.database
      .select()
      .from(usersTable)
      .where(and(eq(usersTable.id, userId), eq(usersTable.accountId, principal.accountId)));
    if (!user) throw notFound(`user ${userId}`);
    return user;
  }
}
