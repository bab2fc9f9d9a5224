import type { ToolSet } from 'ai';
import type { AgentDataAccess } from '../../data-api/agent-data-access.js';
import { platformMetaTool } from './platform-meta.tool.js';
import { platformSqlApiTool } from './platform-sql-api.tool.js';

/** The analyst's tools, bound to one chat user's data access; the names are those of the stream's `toolCall`. */
export function createAgentTools(data: AgentDataAccess) {
  return {
    platformMeta: platformMetaTool(data),
    platformSqlApi: platformSqlApiTool(data),
  } satisfies ToolSet;
}
