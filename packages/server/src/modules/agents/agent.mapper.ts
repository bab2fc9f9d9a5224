import type * as contract from '@platform/contract';
import { encryptedPlaceholder } from '@platform/contract';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import {
  maskedUrlRefusal,
  maskUrlCredentials,
  sealWrittenUrl,
} from '../../platform/crypto/url-credentials.js';
import type { AgentRow } from './agents.tables.js';

type AgentModelInput = z.output<typeof contract.AgentModelInput>;

/** The stored columns of an agent's model settings. */
export interface AgentModelColumns {
  modelProvider: AgentRow['modelProvider'];
  modelBaseUrl: string | null;
  modelBaseUrlSecretEncrypted: string | null;
  modelName: string | null;
  modelApiKeyEncrypted: string | null;
}

/** An agent as the management API shows it: its model's key only as `[ENCRYPTED]`. */
export function toAgent(row: AgentRow, deploymentName: string): contract.Agent {
  return {
    id: row.id,
    deploymentId: row.deploymentId,
    name: row.name,
    agentConfigName: row.name,
    agentSpace: { name: deploymentName },
    instructions: row.instructions,
    model: {
      provider: row.modelProvider,
      baseUrl: row.modelBaseUrl === null ? null : maskUrlCredentials(row.modelBaseUrl),
      model: row.modelName,
      apiKey: row.modelApiKeyEncrypted === null ? null : encryptedPlaceholder,
    },
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const noModel: AgentModelColumns = {
  modelProvider: null,
  modelBaseUrl: null,
  modelBaseUrlSecretEncrypted: null,
  modelName: null,
  modelApiKeyEncrypted: null,
};

/** The base URL's userinfo is a secret like the key: stored apart, encrypted, and kept on `[ENCRYPTED]`. */
function mergeBaseUrl(
  base: AgentModelColumns,
  baseUrl: string | null | undefined,
  secretBox: SecretBox,
): Pick<AgentModelColumns, 'modelBaseUrl' | 'modelBaseUrlSecretEncrypted'> {
  if (baseUrl === undefined) {
    return { modelBaseUrl: base.modelBaseUrl, modelBaseUrlSecretEncrypted: base.modelBaseUrlSecretEncrypted };
  }
  if (baseUrl === null) return { modelBaseUrl: null, modelBaseUrlSecretEncrypted: null };
  const current =
    base.modelBaseUrl === null
      ? null
      : { maskedUrl: base.modelBaseUrl, secretEncrypted: base.modelBaseUrlSecretEncrypted };
  const sealed = sealWrittenUrl(baseUrl, current, secretBox);
  if (sealed === null) throw new AppError('BAD_REQUEST', maskedUrlRefusal('model.baseUrl'));
  return { modelBaseUrl: sealed.maskedUrl, modelBaseUrlSecretEncrypted: sealed.secretEncrypted };
}

/**
 * Merges model settings sent by a client into the stored ones: a field left out keeps its value, null
 * clears it, and `[ENCRYPTED]` (what a read shows) keeps the stored key so a read-modify-write works.
 */
export function mergeModelColumns(
  current: AgentModelColumns | null,
  input: AgentModelInput | undefined,
  secretBox: SecretBox,
): AgentModelColumns {
  const base = current ?? noModel;
  if (!input) return base;
  let modelApiKeyEncrypted = base.modelApiKeyEncrypted;
  if (input.apiKey === encryptedPlaceholder) {
    if (modelApiKeyEncrypted === null) {
      throw new AppError(
        'BAD_REQUEST',
        `model.apiKey: ${encryptedPlaceholder} stands for a stored key and this agent has none; send the key itself`,
      );
    }
  } else if (input.apiKey !== undefined) {
    modelApiKeyEncrypted = input.apiKey === null ? null : secretBox.encrypt(input.apiKey);
  }
  return {
    modelProvider: input.provider === undefined ? base.modelProvider : input.provider,
    ...mergeBaseUrl(base, input.baseUrl, secretBox),
    modelName: input.model === undefined ? base.modelName : input.model,
    modelApiKeyEncrypted,
  };
}
