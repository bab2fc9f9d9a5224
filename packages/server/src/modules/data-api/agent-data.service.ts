import type { AccessCaller, MetadataSearchMember, MetadataSearchSource } from '@platform/semantic';
import { maximumQueryLimit } from '@platform/semantic';
import { AppError } from '../../errors/app-error.js';
import type {
  AgentDataAccess,
  PlatformMetaCube,
  PlatformMetaMember,
  PlatformMetaResult,
  SqlRunResult,
} from './agent-data-access.js';
import type { ChatDataIdentity, DataApiCaller } from './data-api-caller.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import type { QueryTiming } from './load-query.service.js';
import type { ModelSqlService } from './model-sql.service.js';
import { appErrorOfWarehouse } from './query-errors.js';
import type { ModelContext, QueryPlanner } from './query-planner.js';
import { columnPositions } from './query-result.mapper.js';

/** Who an agent's data access is bound to: one chat user of one deployment and branch. */
export interface AgentDataRequest {
  accountId: number;
  deploymentId: number;
  /** null reads the deployment's deploy branch. */
  branchName: string | null;
  identity: ChatDataIdentity;
  /** IANA; the SQL and lookups run in it. */
  timezone: string;
}

/** Distinct values read per dimension: enough to recognise a value named in a question. */
const lookupLimit = 1000;
const lookupCacheEntries = 256;

/**
 * The data the chat analyst reaches, always as the chat user: metadata search filtered by what access
 * policies let them see, SQL through the SQL interface (policies and row-level security applied like for
 * any data-API caller) and distinct values of dimensions for recognising filter values.
 */
export class AgentDataService {
  /** Keyed by deployment, model commit, caller scope and member; least recently used dropped first. */
  private readonly lookups = new Map<string, Promise<readonly string[]>>();

  constructor(
    private readonly planner: QueryPlanner,
    private readonly modelSql: ModelSqlService,
    private readonly warehouses: DeploymentWarehouseService,
    private readonly timing: Pick<QueryTiming, 'queryTimeoutMilliseconds'>,
  ) {}

  accessFor(request: AgentDataRequest): AgentDataAccess {
    const caller: DataApiCaller = {
      kind: 'chatUser',
      accountId: request.accountId,
      deploymentId: request.deploymentId,
      identity: request.identity,
    };
    const branchName = request.branchName ?? undefined;
    const contextOf = () => this.planner.contextOf(caller, request.deploymentId, branchName);
    return {
      timezone: request.timezone,
      searchMetadata: async (searchQuery) => searchResultOf(await contextOf(), searchQuery),
      runSql: (sql, options) => this.runSql(caller, request, sql, options),
      lookupValues: async (memberPath) => this.lookupValues(await contextOf(), memberPath, request.timezone),
    };
  }

  private async runSql(
    caller: DataApiCaller,
    request: AgentDataRequest,
    sql: string,
    options: { maxRows: number; abortSignal?: AbortSignal | undefined },
  ): Promise<SqlRunResult> {
    options.abortSignal?.throwIfAborted();
    // Without a LIMIT the query reads up to the largest result the data API returns, so `totalRows`
    // counts what the question really matches rather than the 10,000 of the default limit.
    const lines = await this.modelSql.run(caller, request.deploymentId, {
      sql,
      branchName: request.branchName ?? undefined,
      timezone: request.timezone,
      defaultLimit: maximumQueryLimit,
    });
    let schema: SqlRunResult['schema'] = [];
    const rows: unknown[][] = [];
    let totalRows = 0;
    // Leaving the loop early (abort) closes the generator, and with it the warehouse stream.
    for await (const line of lines) {
      options.abortSignal?.throwIfAborted();
      if ('schema' in line) schema = line.schema.map(({ name, column_type }) => ({ name, column_type }));
      else if ('data' in line) {
        totalRows += line.data.length;
        for (const row of line.data) if (rows.length < options.maxRows) rows.push(row);
      } else throw new AppError('BAD_REQUEST', line.error);
    }
    return { schema, rows, totalRows };
  }

  private lookupValues(context: ModelContext, memberPath: string, timezone: string) {
    const key = JSON.stringify([
      context.target.deployment.id,
      context.model.commit,
      scopeKeyOf(context.target.caller),
      memberPath,
      timezone,
    ]);
    const cached = this.lookups.get(key);
    if (cached) {
      this.lookups.delete(key);
      this.lookups.set(key, cached);
      return cached;
    }
    const values = this.readValues(context, memberPath, timezone);
    this.lookups.set(key, values);
    // A failure (an unknown member, the warehouse down) is not remembered: the next call tries again.
    values.catch(() => {
      if (this.lookups.get(key) === values) this.lookups.delete(key);
    });
    while (this.lookups.size > lookupCacheEntries) {
      const oldest = this.lookups.keys().next();
      if (oldest.done) break;
      this.lookups.delete(oldest.value);
    }
    return values;
  }

  private async readValues(
    context: ModelContext,
    memberPath: string,
    timezone: string,
  ): Promise<readonly string[]> {
    const deploymentId = context.target.deployment.id;
    const settings = await this.warehouses.settingsOf(context.target.deployment);
    const compiled = this.planner.compile(
      context,
      { dimensions: [memberPath], order: [[memberPath, 'asc']], limit: lookupLimit, timezone },
      settings.dialect,
    );
    const [column] = compiled.columns;
    if (column?.type !== 'string') {
      throw new AppError(
        'BAD_REQUEST',
        `${memberPath} is not a string dimension; only those have values to look up`,
      );
    }
    const warehouse = await this.warehouses.open(deploymentId, settings);
    try {
      const result = await warehouse.query(compiled.sql, compiled.params, {
        maximumRows: lookupLimit,
        timeoutMilliseconds: this.timing.queryTimeoutMilliseconds,
      });
      const [position] = columnPositions([column], result.columns);
      return result.rows.flatMap((row) => {
        const value = position ? row[position.index] : undefined;
        return typeof value === 'string' ? [value] : [];
      });
    } catch (error) {
      throw appErrorOfWarehouse(error);
    }
  }
}

/** Two callers with the same groups, context and attributes see the same rows. */
function scopeKeyOf(caller: AccessCaller): string {
  return JSON.stringify([[...caller.groups].sort(), caller.securityContext, caller.userAttributes]);
}

function searchResultOf(context: ModelContext, searchQuery: string): PlatformMetaResult {
  const result = context.model.searchIndex().search(searchQuery, { scope: context.scope });
  return { cubes: result.cubes.map(metaCubeOf), searchQuery: result.searchQuery };
}

function metaCubeOf(source: MetadataSearchSource): PlatformMetaCube {
  return {
    name: source.name,
    type: source.type,
    title: source.title,
    ...(source.description === undefined ? {} : { description: source.description }),
    ...(source.synonyms === undefined ? {} : { synonyms: [...source.synonyms] }),
    ...(source.joins === undefined ? {} : { joins: [...source.joins] }),
    members: source.members.map(metaMemberOf),
  };
}

function metaMemberOf(member: MetadataSearchMember): PlatformMetaMember {
  return {
    name: member.name,
    title: member.title,
    ...(member.description === undefined ? {} : { description: member.description }),
    type: member.type,
    ...(member.aggType === undefined ? {} : { aggType: member.aggType }),
    ...(member.synonyms === undefined ? {} : { synonyms: [...member.synonyms] }),
  };
}
