import * as z from 'zod';
import type { ErrorCode } from '../../errors/error-catalogue.js';

/** The Chat API answers on its own listener (`{ai_url}`), under the account's public prefix. */
export function chatPath(form: 'agents/{agentId}' | 'deployments/{deploymentId}', endpoint: string): string {
  return `/api/v1/public/{accountName}/${form}/chat/${endpoint}`;
}

const AccountName = z.string().min(1).max(255).meta({ description: 'The name of the account.' });

// Ids are strings on the chat paths (SPEC.md "Chat stream"): one that names nothing is a 404, not a 400.
const AgentIdParam = z.string().min(1).max(255).meta({ description: 'The id of the agent (a UUID).' });
const DeploymentIdParam = z.string().min(1).max(255).meta({ description: 'The id of the deployment.' });

export const ChatAgentParams = z.strictObject({ accountName: AccountName, agentId: AgentIdParam });

export const ChatDeploymentParams = z.strictObject({
  accountName: AccountName,
  deploymentId: DeploymentIdParam,
});

/**
 * Beyond 400/500: 403 (an API key on the deployment form, another user's thread, the user limit), 404
 * (account, agent, deployment or thread unknown). An authentication failure is not an HTTP error: it is
 * a JSON-RPC error object in a 200 answer (see docs/chat-api.md).
 */
export const chatErrors: readonly ErrorCode[] = ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'];

export const chatStreamDescription =
  'Served with `Content-Type: application/json`, one JSON object per line, each written as it is produced. Credentials: `Authorization: Api-Key <agent API key>` (then `sessionSettings` names the user) or `X-Platform-Auth-Token: <JWT>` when the deployment enabled platform tokens. An authentication failure answers HTTP 200 with `{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"..."}}`; a new message while the thread streams answers 409 `{"error":"Streaming for thread is in progress"}`.';
