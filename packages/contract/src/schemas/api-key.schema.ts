import * as z from 'zod';
import { EntityId, IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { text } from './text.schema.js';
import { Role } from './user.schema.js';

export const ApiKey = z
  .object({
    id: z.int(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart.' }),
    userId: z.int(),
    role: Role.nullable().meta({
      description: "The role the key is limited to; null acts with the user's role.",
    }),
    deploymentIds: z.array(z.int()).nullable(),
    canDownloadData: z.boolean().meta({
      description:
        'False: the key lacks DownloadData though its role holds it (CSV downloads of dashboards with `restrictDataDownload` are refused).',
    }),
    expiresAt: Timestamp.nullable(),
    lastUsedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'ApiKey' });

export type ApiKey = z.infer<typeof ApiKey>;

export const CreatedApiKey = ApiKey.extend({
  token: z.string().meta({ description: 'The key itself (sk-...). Shown once; only a hash is stored.' }),
}).meta({ id: 'CreatedApiKey' });

export const ApiKeyIdParams = z.object({ apiKeyId: IdParam });

export const CreateApiKeyInput = z
  .object({
    name: text().trim().min(1).max(200),
    userId: EntityId.optional().meta({ description: 'Create the key for another user (UsersManage).' }),
    role: Role.optional().meta({ description: "Limit the key to this role (at most the user's role)." }),
    deploymentIds: z.array(EntityId).min(1).max(1000).optional(),
    canDownloadData: z.boolean().optional().meta({
      description:
        "false: make the key without DownloadData. Default: the caller's (a key without it makes none with it).",
    }),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .meta({ id: 'CreateApiKeyInput' });

export const ListApiKeysQuery = PagingQuery.extend({
  userId: IdParam.optional().meta({
    description: "Another user's keys (UsersManage); default: the caller's own keys.",
  }),
});

export const ApiKeysListResponse = listOf(ApiKey, 'ApiKeysListResponse');
