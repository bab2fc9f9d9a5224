export type {
  AnalystChart,
  AnalystColumn,
  AnalystMetadata,
  AnalystMetadataMember,
  AnalystMetadataSource,
  AnalystPlan,
  AnalystPlanOptions,
  AnalystQueryPlan,
  AnalystRefusal,
} from './analyst-plan.types.js';
export { type AnalystStep, decideAnalystStep } from './analyst-step.js';
export { metadataToolName, sqlToolName } from './analyst-tool-results.js';
export type { AnalystTurn, ToolOutcome, TurnToolCall } from './analyst-turn.js';
export { chooseSearchQuery } from './choose-search-query.js';
export { planAnalystQuery } from './plan-analyst-query.js';
export { planInThread } from './plan-in-thread.js';
export { searchTerms } from './search-terms.js';
export { type AnalystQueryResult, writeAnalystAnswer } from './write-analyst-answer.js';
