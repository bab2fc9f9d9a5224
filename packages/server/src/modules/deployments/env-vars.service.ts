import type * as contract from '@platform/contract';
import { encryptedPlaceholder } from '@platform/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import {
  hasMaskedUrlCredentials,
  maskedUrlRefusal,
  maskUrlCredentials,
} from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import { confineDuckDbFile, type DuckDbFileRule } from '../../platform/warehouse/duckdb-file-rule.js';
import { WarehouseError } from '../../platform/warehouse/warehouse-error.js';
import type { AuthorizationService } from '../identity/authorization.service.js';
import type { Principal } from '../identity/principal.js';
import type { DeploymentAccessService } from './deployment-access.service.js';
import type { DeploymentLogsService } from './deployment-logs.service.js';
import { type DeploymentRow, deploymentEnvVarsTable } from './deployments.tables.js';

type SetEnvVarsInput = z.output<typeof contract.SetEnvVarsInput>;

const secretNameParts = ['PASS', 'SECRET', 'TOKEN', 'KEY', 'CREDENTIAL'];

/** The variables that choose a DuckDB file; a change to either re-checks it. */
const warehouseVariableNames: readonly string[] = ['PLATFORM_DB_TYPE', 'PLATFORM_DB_URL'];

/** A variable is secret by its name (API-NOTES.md): PASS, SECRET, TOKEN, KEY or CREDENTIAL, in any case. */
export function isSecretEnvVarName(name: string): boolean {
  const upperName = name.toUpperCase();
  return secretNameParts.some((part) => upperName.includes(part));
}

function resourceOf(deployment: DeploymentRow) {
  return { type: 'deployment', id: deployment.id, accountId: deployment.accountId } as const;
}

/**
 * The environment variables of a deployment. Every value is encrypted at rest, secret or not, so a copy
 * of the store reveals none; secrecy only decides whether reads show the value. The credentials of a
 * URL in any value (`postgres://app:PASSWORD@host/db`) are a secret too: reads show them `[ENCRYPTED]`
 * unless revealed. Values are never logged: the deployment's log names the variables that changed.
 */
export class EnvVarsService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
    private readonly authorization: AuthorizationService,
    private readonly secretBox: SecretBox,
    private readonly logs: DeploymentLogsService,
    private readonly duckDbFileRule: DuckDbFileRule,
  ) {}

  async list(principal: Principal, deploymentId: number, options: { reveal?: boolean | undefined }) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentRead');
    const isRevealed = options.reveal === true;
    if (isRevealed) this.authorization.authorize(principal, 'SecretsManage', resourceOf(deployment));
    return { items: await this.read(deploymentId, isRevealed) };
  }

  /** Upserts and removes in one transaction: any refused item leaves every variable as it was. */
  async set(principal: Principal, deploymentId: number, input: SetEnvVarsInput) {
    const deployment = await this.access.load(principal, deploymentId, 'DeploymentManage');
    await this.database.transaction(async (transaction) => {
      const seen = new Set<string>();
      const setNames: string[] = [];
      const removedNames: string[] = [];
      for (const { name, value } of input.env_variables) {
        if (seen.has(name)) throw new AppError('BAD_REQUEST', `env_variables names ${name} more than once`);
        seen.add(name);
        const isSecret = isSecretEnvVarName(name);
        if (isSecret) this.authorization.authorize(principal, 'SecretsManage', resourceOf(deployment));
        if (value === null) {
          const removed = await transaction
            .delete(deploymentEnvVarsTable)
            .where(
              and(
                eq(deploymentEnvVarsTable.deploymentId, deploymentId),
                eq(deploymentEnvVarsTable.name, name),
              ),
            )
            .returning({ name: deploymentEnvVarsTable.name });
          if (removed.length > 0) removedNames.push(name);
          continue;
        }
        if (value === encryptedPlaceholder) {
          throw new AppError(
            'BAD_REQUEST',
            `env_variables ${name}: ${encryptedPlaceholder} stands for a hidden value; send the real value or leave ${name} out`,
          );
        }
        if (hasMaskedUrlCredentials(value)) {
          // Like a whole `[ENCRYPTED]` value: what a read showed is refused, never guessed back.
          throw new AppError('BAD_REQUEST', maskedUrlRefusal(`env_variables ${name}`));
        }
        const valueEncrypted = this.secretBox.encrypt(value);
        await transaction
          .insert(deploymentEnvVarsTable)
          .values({ deploymentId, name, valueEncrypted, isSecret })
          .onConflictDoUpdate({
            target: [deploymentEnvVarsTable.deploymentId, deploymentEnvVarsTable.name],
            set: { valueEncrypted, isSecret, updatedAt: new Date() },
          });
        setNames.push(name);
      }
      if ([...setNames, ...removedNames].some((name) => warehouseVariableNames.includes(name))) {
        await this.checkDuckDbFile(transaction, deployment);
      }
      const changes = [
        ...(setNames.length > 0 ? [`set ${setNames.join(', ')}`] : []),
        ...(removedNames.length > 0 ? [`removed ${removedNames.join(', ')}`] : []),
      ];
      if (changes.length > 0) {
        await this.logs.appendEvent(
          deploymentId,
          `environment variables changed: ${changes.join('; ')}`,
          transaction,
        );
      }
    });
    // The data API keeps decrypted variables in memory (EnvVarsReader); this drops them in every process.
    await this.access.changed(deployment.accountId);
    return { items: await this.read(deploymentId, false) };
  }

  /**
   * A DuckDB PLATFORM_DB_URL must name a file the deployment may open (docs/deployments.md); checked on the
   * variables as this change leaves them, so a refused change leaves every variable as it was.
   */
  private async checkDuckDbFile(transaction: Database, deployment: DeploymentRow): Promise<void> {
    const rows = await transaction
      .select({ name: deploymentEnvVarsTable.name, valueEncrypted: deploymentEnvVarsTable.valueEncrypted })
      .from(deploymentEnvVarsTable)
      .where(
        and(
          eq(deploymentEnvVarsTable.deploymentId, deployment.id),
          inArray(deploymentEnvVarsTable.name, [...warehouseVariableNames]),
        ),
      );
    const values = new Map(rows.map((row) => [row.name, this.secretBox.decrypt(row.valueEncrypted).trim()]));
    const url = values.get('PLATFORM_DB_URL');
    if (values.get('PLATFORM_DB_TYPE')?.toLowerCase() !== 'duckdb' || !url || url === ':memory:') return;
    try {
      await confineDuckDbFile(url, this.duckDbFileRule, deployment.accountId, { mustExist: false });
    } catch (error) {
      if (error instanceof WarehouseError) throw new AppError('BAD_REQUEST', error.message);
      throw error;
    }
  }

  private async read(deploymentId: number, isRevealed: boolean) {
    const rows = await this.database
      .select()
      .from(deploymentEnvVarsTable)
      .where(eq(deploymentEnvVarsTable.deploymentId, deploymentId))
      .orderBy(asc(deploymentEnvVarsTable.name));
    return rows.map((row) => ({
      name: row.name,
      value: this.shownValue(row, isRevealed),
      isSecret: row.isSecret,
    }));
  }

  /** A secret variable reads as `[ENCRYPTED]`; any other hides the credentials of the URLs in it. */
  private shownValue(row: { isSecret: boolean; valueEncrypted: string }, isRevealed: boolean): string {
    if (row.isSecret && !isRevealed) return encryptedPlaceholder;
    const value = this.secretBox.decrypt(row.valueEncrypted);
    return isRevealed ? value : maskUrlCredentials(value);
  }
}
