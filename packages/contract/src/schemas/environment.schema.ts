import * as z from 'zod';
import { dataApiScopes } from '../rights/data-api-scope.js';
import { DeploymentIdParams, listOf, PagingQuery, Timestamp } from './common.schema.js';

export const environmentTypes = ['production', 'staging', 'development'] as const;
export const EnvironmentType = z.enum(environmentTypes).meta({ id: 'EnvironmentType' });
export type EnvironmentType = z.infer<typeof EnvironmentType>;

/** `production`, `staging-<branch as base64url>` or `development-<credential id>`: stable while it exists. */
export const EnvironmentId = z
  .string()
  .regex(/^(production|staging-[A-Za-z0-9_-]{1,300}|development-[0-9]{1,10})$/, 'must be an environment id')
  .meta({ description: 'As listed: `production`, `staging-…` or `development-…`.' });

export const EnvironmentParams = DeploymentIdParams.extend({ environmentId: EnvironmentId });

export const EnvironmentApiCredential = z
  .object({
    type: z.enum(['rest', 'sql']),
    url: z.string(),
    host: z.string().optional(),
    port: z.int().optional(),
    database: z.string().optional(),
  })
  .meta({
    id: 'EnvironmentApiCredential',
    description:
      '`rest`: the JSON query API; `sql`: the SQL interface over HTTP (no database wire protocol here, so no host or port). Send a token of the environment.',
  });

export const Environment = z
  .object({
    id: z.string(),
    type: EnvironmentType,
    branch: z.string().meta({ description: 'The branch whose data model the environment serves.' }),
    user: z
      .object({ id: z.int(), email: z.string() })
      .nullable()
      .meta({ description: 'Whose dev-mode branch a development environment is; null otherwise.' }),
    api_credentials: z.array(EnvironmentApiCredential),
  })
  .meta({ id: 'Environment' });

export type Environment = z.infer<typeof Environment>;

export const ListEnvironmentsQuery = PagingQuery.extend({ type: EnvironmentType.optional() });

export const EnvironmentsListResponse = listOf(Environment, 'EnvironmentsListResponse');

export const maximumEnvironmentTokenSeconds = 3600;

export const CreateEnvironmentTokenInput = z
  .object({
    security_context: z
      .record(z.string(), z.unknown())
      .refine((context) => new TextEncoder().encode(JSON.stringify(context)).length <= 16 * 1024, {
        message: 'must be at most 16384 bytes as JSON',
      })
      .meta({ description: 'What access policies read as `securityContext`.' }),
    expires_in: z
      .int()
      .min(1)
      .max(maximumEnvironmentTokenSeconds)
      .default(maximumEnvironmentTokenSeconds)
      .meta({
        description: `Lifetime in seconds, 1 to ${maximumEnvironmentTokenSeconds} (default the most).`,
      }),
    scopes: z.array(z.enum(dataApiScopes)).max(dataApiScopes.length).optional().meta({
      description:
        'The data-API scopes the token carries: `meta` (`/v1/meta`), `data` (`/v1/load`, `/v1/dry-run`, `/v1/cubesql`), `sql` (`/v1/sql`); `graphql` and `jobs` open nothing here. Left out or empty: every scope. Whatever the scopes, the token opens the data API of its environment only.',
    }),
  })
  .meta({ id: 'CreateEnvironmentTokenInput' });

export const EnvironmentToken = z
  .object({
    token: z.string(),
    security_context: z.record(z.string(), z.unknown()),
    created_at: Timestamp,
    expires_at: Timestamp,
  })
  .meta({ id: 'EnvironmentToken' });

export const CreateEnvironmentTokenResponse = z
  .object({ data: EnvironmentToken })
  .meta({ id: 'CreateEnvironmentTokenResponse' });

export const EnvironmentTokenSummary = EnvironmentToken.extend({
  id: z.int(),
  token: z.string().meta({
    description: 'Masked (`****` and its last 6 characters): the token itself is shown once, when created.',
  }),
  scopes: z.array(z.string()).meta({ description: 'The scopes it carries; empty: every scope.' }),
}).meta({ id: 'EnvironmentTokenSummary' });

export const EnvironmentTokensListResponse = listOf(EnvironmentTokenSummary, 'EnvironmentTokensListResponse');
