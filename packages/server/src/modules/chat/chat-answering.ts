import type { ToolSet } from 'ai';
import type { AgentRunner } from '../../platform/llm/agent-turn.types.js';
import type { AgentDataAccess } from '../data-api/agent-data-access.js';
import type { ChatDataIdentity } from '../data-api/data-api-caller.js';

/** Who the agent's data access is bound to. */
export interface AgentDataScope {
  accountId: number;
  deploymentId: number;
  branchName: string | null;
  identity: ChatDataIdentity;
  timezone: string;
}

/** The semantic module's side: data bound to one caller (access policies, row-level security). */
export interface AgentDataProvider {
  accessFor(scope: AgentDataScope): AgentDataAccess | Promise<AgentDataAccess>;
}

/** What answering needs from outside the module: the agent loop, the caller's data, the tools over it. */
export interface ChatAnswering {
  agentRunner: AgentRunner;
  agentData: AgentDataProvider;
  createAgentTools(data: AgentDataAccess): ToolSet;
}
