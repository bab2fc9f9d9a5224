import * as z from 'zod';
import { DeploymentIdParams, IdParam, QueryBoolean, Timestamp } from './common.schema.js';
import { encryptedPlaceholder } from './deployment.schema.js';
import { text } from './text.schema.js';

export const llmProviders = ['builtin', 'openai-compatible', 'anthropic'] as const;
export const LlmProvider = z.enum(llmProviders).meta({
  id: 'LlmProvider',
  description: '`builtin` is the offline analyst; the others call an LLM endpoint.',
});
export type LlmProvider = z.infer<typeof LlmProvider>;

/** Agent ids are UUIDs; chat paths carry them as strings. */
export const AgentId = z.uuid({ error: 'must be a UUID' });

export const AgentIdParams = DeploymentIdParams.extend({ agentId: AgentId });

export const AgentApiKeyIdParams = AgentIdParams.extend({ keyId: IdParam });

const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

export const AgentModel = z
  .object({
    provider: LlmProvider.nullable().meta({
      description: 'null: the server default (PLATFORM_LLM_PROVIDER).',
    }),
    baseUrl: z.string().nullable().meta({ description: 'null: PLATFORM_LLM_BASE_URL.' }),
    model: z.string().nullable().meta({ description: 'null: PLATFORM_LLM_MODEL.' }),
    apiKey: z
      .literal(encryptedPlaceholder)
      .nullable()
      .meta({ description: `Stored encrypted; reads back as ${encryptedPlaceholder} when set.` }),
  })
  .meta({ id: 'AgentModel' });

export const Agent = z
  .object({
    id: z.string().meta({ description: 'A UUID.' }),
    deploymentId: z.int(),
    name: z.string(),
    agentConfigName: z.string().meta({
      description:
        'The name its configuration goes by: the agent has no separate configuration file, so its name.',
    }),
    agentSpace: z
      .object({ name: z.string() })
      .meta({ description: "Agents live in their deployment's space: the deployment's name." }),
    instructions: z.string().nullable().meta({ description: "Added to the agent's system prompt." }),
    model: AgentModel,
    isDefault: z
      .boolean()
      .meta({ description: "The deployment's default agent answers the deployment form of the chat path." }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Agent' });

export type Agent = z.infer<typeof Agent>;

/** The hosted CLI may send allowEmbedding; every agent's chat may be embedded (chat auth tokens work for any agent), so it narrows nothing. */
export const ListAgentsQuery = z
  .object({
    allowEmbedding: QueryBoolean.optional().meta({
      description:
        'Accepted for the hosted CLI. Every agent may be used from embedded dashboards, so it filters nothing.',
    }),
  })
  .meta({ id: 'ListAgentsQuery' });

export const AgentsListResponse = z.object({ items: z.array(Agent) }).meta({ id: 'AgentsListResponse' });

const AgentName = text().trim().min(1).max(200);
const AgentInstructions = text().max(20_000);

/** Absent fields keep their value on update; null goes back to the server default. */
export const AgentModelInput = z
  .object({
    provider: LlmProvider.nullable().optional(),
    baseUrl: HttpUrl.nullable().optional(),
    model: text().trim().min(1).max(200).nullable().optional(),
    apiKey: text()
      .min(1)
      .max(4000)
      .nullable()
      .optional()
      .meta({ description: `Stored encrypted. Sending ${encryptedPlaceholder} back keeps the stored key.` }),
  })
  .strict()
  .meta({ id: 'AgentModelInput' });

export const CreateAgentInput = z
  .object({
    name: AgentName,
    instructions: AgentInstructions.nullable().optional(),
    model: AgentModelInput.optional(),
    isDefault: z
      .boolean()
      .optional()
      .meta({ description: "true makes it the deployment's default agent (the first agent always is)." }),
  })
  .strict()
  .meta({ id: 'CreateAgentInput' });

export const UpdateAgentInput = z
  .object({
    name: AgentName.optional(),
    instructions: AgentInstructions.nullable().optional(),
    model: AgentModelInput.optional(),
    isDefault: z.boolean().optional().meta({
      description: 'true moves the default to this agent; the default agent cannot be unset, only moved.',
    }),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, 'give at least one field to change')
  .meta({ id: 'UpdateAgentInput' });

export const AgentApiKey = z
  .object({
    id: z.int(),
    name: z.string(),
    tokenPrefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart.' }),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable(),
  })
  .meta({ id: 'AgentApiKey' });

export type AgentApiKey = z.infer<typeof AgentApiKey>;

export const AgentApiKeysListResponse = z
  .object({ items: z.array(AgentApiKey) })
  .meta({ id: 'AgentApiKeysListResponse' });

export const CreateAgentApiKeyInput = z
  .object({ name: text().trim().min(1).max(200).optional() })
  .strict()
  .meta({ id: 'CreateAgentApiKeyInput' });

export const CreatedAgentApiKey = z
  .object({
    id: z.int(),
    name: z.string(),
    token: z.string().meta({ description: 'The key itself (sk-...). Shown once; only a hash is stored.' }),
  })
  .meta({ id: 'CreatedAgentApiKey' });

export const ChatAuthSettings = z
  .object({
    enabled: z.boolean().meta({ description: 'Whether the Chat API accepts X-Platform-Auth-Token.' }),
    secret: z
      .literal(encryptedPlaceholder)
      .nullable()
      .meta({ description: `The HS256 shared secret; reads back as ${encryptedPlaceholder} when set.` }),
    jwksUrl: z.string().nullable().meta({ description: 'Keys for RS256/ES256 tokens.' }),
    customCheckUrl: z.string().nullable().meta({
      description:
        'A custom check: the platform POSTs {token} here; 200 with {claims} accepts the token with those claims.',
    }),
    issuer: z.string().nullable().meta({ description: 'The required `iss` claim.' }),
    audience: z.string().nullable().meta({ description: 'The required `aud` claim.' }),
  })
  .meta({ id: 'ChatAuthSettings' });

export type ChatAuthSettings = z.infer<typeof ChatAuthSettings>;

/** Absent fields keep their value; null clears one. Enabling needs a secret, a JWKS URL or a custom check. */
export const UpdateChatAuthSettingsInput = z
  .object({
    enabled: z.boolean(),
    secret: z
      .string()
      .min(1)
      .max(4000)
      .nullable()
      .optional()
      .meta({
        description: `Stored encrypted. Sending ${encryptedPlaceholder} back keeps the stored secret.`,
      }),
    jwksUrl: HttpUrl.nullable().optional(),
    customCheckUrl: HttpUrl.nullable().optional(),
    issuer: text().trim().min(1).max(2000).nullable().optional(),
    audience: text().trim().min(1).max(2000).nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateChatAuthSettingsInput' });
