export type { AccessCaller, AccessedQuery, AccessScope } from './access/access-scope.types.js';
export { checkPolicyCondition, evaluatePolicyCondition } from './access/policy-condition.js';
export { resolveAccess } from './access/resolve-access.js';
export { compileDataModel } from './compile/compile-data-model.js';
export type { CompiledModel, CompiledSource, ResolvedMember } from './compile/compiled-model.types.js';
export { humanizeName } from './compile/humanize-name.js';
export { type CompileModelFilesResult, compileModelFiles } from './compile-model-files.js';
export { dialectNamed } from './dialect/dialect-named.js';
export { duckDbDialect } from './dialect/duckdb.dialect.js';
export { postgresDialect } from './dialect/postgres.dialect.js';
export type { SqlDialect, StandardGranularity } from './dialect/sql-dialect.types.js';
export { standardGranularities } from './dialect/sql-dialect.types.js';
export { buildMetadata } from './metadata/build-metadata.js';
export type {
  MetadataSearchIndex,
  MetadataSearchMember,
  MetadataSearchOptions,
  MetadataSearchResult,
  MetadataSearchSource,
} from './metadata/metadata-search.types.js';
export { createMetadataSearchIndex } from './metadata/metadata-search-index.js';
export type {
  DimensionMetadata,
  GranularityMetadata,
  MeasureMetadata,
  MetadataValueType,
  ModelMetadata,
  SegmentMetadata,
  SourceMetadata,
} from './metadata/model-metadata.types.js';
export { searchTerms } from './metadata/search-terms.js';
export type {
  AccessPolicy,
  FilterOperator,
  LogicalRowFilter,
  MemberLevelPolicy,
  MemberRowFilter,
  RowFilter,
  RowLevelPolicy,
} from './model/access-policy.types.js';
export { filterOperators } from './model/access-policy.types.js';
export type {
  Cube,
  Folder,
  Hierarchy,
  Join,
  JoinRelationship,
  PreAggregation,
  RefreshKey,
} from './model/cube.types.js';
export { joinRelationships } from './model/cube.types.js';
export type { DataModel } from './model/data-model.types.js';
export type { JsonObject, JsonValue } from './model/json-value.types.js';
export { locateField } from './model/locate-field.js';
export type {
  CaseLabel,
  Describable,
  Dimension,
  DimensionCase,
  DimensionType,
  FormatName,
  Granularity,
  Measure,
  MeasureType,
  Member,
  MemberFormat,
  RollingWindow,
  RollingWindowType,
  Segment,
  SqlCondition,
} from './model/member.types.js';
export { dimensionTypes, measureTypes } from './model/member.types.js';
export type { ModelError } from './model/model-error.types.js';
export type { SourceLocation, SourceMap, SourcePosition } from './model/source-location.types.js';
export type { View, ViewCube, ViewInclude } from './model/view.types.js';
export type { ModelFile } from './parse/model-file.parser.js';
export { type ParseModelFilesResult, parseModelFiles } from './parse/parse-model-files.js';
export { buildQuerySql } from './query/build-query-sql.js';
export type {
  BuildQueryOptions,
  CompiledQuery,
  MemberAnnotation,
  NormalizedQuery,
  QueryAnnotation,
  QueryColumn,
  QueryColumnKind,
  QueryColumnType,
} from './query/compiled-query.types.js';
export { type LocalRange, resolveDateRange } from './query/date-range.js';
export type {
  AndFilter,
  CubeRowFilter,
  DateRange,
  FilterValue,
  MemberFilter,
  OrderDirection,
  OrFilter,
  QueryFilter,
  SemanticQuery,
  TimeDimensionQuery,
} from './query/semantic-query.types.js';
export { defaultQueryLimit, maximumQueryLimit } from './query/semantic-query.types.js';
export { SemanticQueryError, type SemanticQueryErrorKind } from './query/semantic-query-error.js';
export {
  addUnits as addCalendarUnits,
  type CalendarUnit,
  formatNaive,
  startOf as startOfCalendarUnit,
} from './query/zoned-time.js';
export { loadSqlInterface } from './sql-interface/load-sql-interface.js';
export { maximumJoinedSources } from './sql-interface/sql-from-clause.js';
export {
  maximumSqlLength,
  type SqlOutputColumn,
  type SqlTranslation,
  type SqlTranslationOptions,
  translateSql,
} from './sql-interface/translate-sql.js';
export { type ValidateModelResult, validateModel } from './validate/validate-model.js';
export { listViewMembers, type ViewMember } from './validate/view-members.js';
