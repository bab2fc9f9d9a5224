import type { ModelSqlLine } from '@platform/contract';
import { loadSqlInterface, type SqlTranslation, translateSql } from '@platform/semantic';
import type { ColumnType, RowStream } from '../../platform/warehouse/warehouse.js';
import type { DataApiCaller } from './data-api-caller.js';
import type { DeploymentWarehouseService } from './deployment-warehouse.service.js';
import type { QueryTiming } from './load-query.service.js';
import { appErrorOfQuery, appErrorOfWarehouse } from './query-errors.js';
import type { QueryPlanner } from './query-planner.js';
import { columnPositions, rowValues } from './query-result.mapper.js';

export interface ModelSqlRequest {
  sql: string;
  branchName?: string | undefined;
  /** The IANA time zone the query runs in; SQL cannot say one, so UTC unless the caller (the chat) knows. */
  timezone?: string | undefined;
  /** The limit when the SQL has no LIMIT; the semantic query's default (10,000) otherwise. */
  defaultLimit?: number | undefined;
}

/**
 * The SQL interface (`cubesql`): SQL over the model is translated into a semantic query, which runs like
 * any other (access policies included) and streams back as a schema line then batches of rows.
 * Everything that can fail with a status (translation, access, the warehouse refusing the SQL) happens
 * before the first line.
 */
export class ModelSqlService {
  constructor(
    private readonly planner: QueryPlanner,
    private readonly warehouses: DeploymentWarehouseService,
    private readonly timing: QueryTiming,
  ) {}

  async run(caller: DataApiCaller, deploymentId: number, request: ModelSqlRequest) {
    const context = await this.planner.contextOf(caller, deploymentId, request.branchName);
    const settings = await this.warehouses.settingsOf(context.target.deployment);
    await loadSqlInterface();
    let translation: SqlTranslation;
    try {
      translation = translateSql(context.model.compiled, request.sql, {
        isSourceVisible: (name) => context.scope.isSourceVisible(name),
      });
    } catch (error) {
      throw appErrorOfQuery(error);
    }
    const query = {
      ...(request.defaultLimit === undefined ? {} : { limit: request.defaultLimit }),
      ...translation.query,
      ...(request.timezone === undefined ? {} : { timezone: request.timezone }),
    };
    const compiled = this.planner.compile(context, query, settings.dialect);
    const warehouse = await this.warehouses.open(context.target.deployment.id, settings);
    let stream: RowStream;
    try {
      stream = await warehouse.stream(compiled.sql, compiled.params, {
        timeoutMilliseconds: this.timing.queryTimeoutMilliseconds,
      });
    } catch (error) {
      throw appErrorOfWarehouse(error);
    }
    try {
      const outputColumns = translation.columns.map((output) => {
        // A column's first key is its own; later keys alias it (a month-truncated `created_at` also fills
        // `orders.created_at`), so a plain `created_at` selected beside it must not read the truncated one.
        const column =
          compiled.columns.find((candidate) => candidate.keys[0] === output.key) ??
          compiled.columns.find((candidate) => candidate.keys.includes(output.key));
        if (!column) throw new Error(`the compiled query has no column for ${output.key}`);
        return column;
      });
      const positions = columnPositions(outputColumns, stream.columns);
      const schema = translation.columns.map((output, index) => {
        const position = positions[index];
        const warehouseType = position ? stream.columns[position.index]?.type : undefined;
        // The warehouse's type when it has a known one (an expression may come back untyped).
        const columnType: ColumnType =
          warehouseType && warehouseType !== 'unknown' ? warehouseType : (position?.column.type ?? 'unknown');
        return { name: output.name, column_type: columnType };
      });
      return linesOf({ schema }, stream, (row) => rowValues(positions, row));
    } catch (error) {
      await stream.close();
      throw error;
    }
  }
}

async function* linesOf(
  schemaLine: ModelSqlLine,
  stream: RowStream,
  toValues: (row: readonly unknown[]) => unknown[],
): AsyncGenerator<ModelSqlLine> {
  try {
    yield schemaLine;
    for await (const batch of stream) yield { data: batch.map(toValues) };
  } catch (error) {
    throw appErrorOfWarehouse(error);
  } finally {
    await stream.close();
  }
}
