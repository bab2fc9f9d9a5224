import { buildMetadata } from '@platform/semantic';
import type { DataApiCaller } from './data-api-caller.js';
import type { QueryPlanner } from './query-planner.js';

/** `meta`: the cubes and views of a branch's model, as far as access policies let the caller see them. */
export class ModelMetadataService {
  constructor(private readonly planner: QueryPlanner) {}

  async metadata(caller: DataApiCaller, deploymentId: number, branchName?: string) {
    const context = await this.planner.contextOf(caller, deploymentId, branchName);
    return buildMetadata(context.model.compiled, context.scope);
  }
}
