import type { SealedUrlColumn } from '../../platform/crypto/seal-plaintext-urls.js';
import { agentsTable, deploymentChatAuthTable } from './agents.tables.js';

/** The agents module's URLs stored sealed: an agent's LLM base URL and a deployment's chat-auth JWKS and custom-check URLs. */
export const agentsSealedUrls: readonly SealedUrlColumn[] = [
  {
    table: agentsTable,
    id: agentsTable.id,
    url: agentsTable.modelBaseUrl,
    secret: agentsTable.modelBaseUrlSecretEncrypted,
  },
  {
    table: deploymentChatAuthTable,
    id: deploymentChatAuthTable.deploymentId,
    url: deploymentChatAuthTable.jwksUrl,
    secret: deploymentChatAuthTable.jwksUrlSecretEncrypted,
  },
  {
    table: deploymentChatAuthTable,
    id: deploymentChatAuthTable.deploymentId,
    url: deploymentChatAuthTable.customCheckUrl,
    secret: deploymentChatAuthTable.customCheckUrlSecretEncrypted,
  },
];
