import * as z from 'zod';
import { EntityId, IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { EnvVarName } from './deployment.schema.js';
import { text } from './text.schema.js';

export const minimumOidcTokenLifetimeSeconds = 300;
export const maximumOidcTokenLifetimeSeconds = 3600;
export const defaultOidcTokenLifetimeSeconds = 3600;

/**
 * The one platform variable a token may fill: a PostgreSQL warehouse that takes a token as its password
 * (workload identity federation) reads it from there.
 */
const tokenFillablePlatformVariables: ReadonlySet<string> = new Set(['PLATFORM_DB_PASSWORD']);

/**
 * The platform reads `PLATFORM_*` variables itself (the warehouse connection's `PLATFORM_DB_TYPE`, `_URL`,
 * `_HOST`...): a token written over one of them would change where the connection goes, not how it signs in.
 */
export function isReservedEnvVarName(name: string): boolean {
  const upperName = name.toUpperCase();
  return upperName.startsWith('PLATFORM_') && !tokenFillablePlatformVariables.has(upperName);
}

const TargetEnvVar = EnvVarName.refine((name) => !isReservedEnvVarName(name), {
  error: 'must not be a PLATFORM_ variable the platform reads itself (PLATFORM_DB_PASSWORD is allowed)',
}).meta({
  description:
    "The environment variable of each covered deployment's warehouse connection that holds a fresh token.",
});

const Audience = text()
  .trim()
  .min(1)
  .max(1000)
  .meta({ description: 'The `aud` claim: what the trusting warehouse or cloud account expects.' });

const DeploymentIds = z.array(EntityId).min(1).max(1000).nullable().meta({
  description: 'The deployments whose connections get tokens; null: every deployment of the account.',
});

const LifetimeSeconds = z
  .int()
  .min(minimumOidcTokenLifetimeSeconds)
  .max(maximumOidcTokenLifetimeSeconds)
  .meta({ description: 'How long each token is valid; renewed at 80% of it.' });

export const OidcTokenConfig = z
  .object({
    id: z.int(),
    name: z.string(),
    audience: z.string(),
    targetEnvVar: z.string(),
    deploymentIds: z.array(z.int()).nullable(),
    isEnabled: z.boolean(),
    lifetimeSeconds: z.int(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'OidcTokenConfig' });

export type OidcTokenConfig = z.infer<typeof OidcTokenConfig>;

export const OidcTokenConfigsListResponse = listOf(OidcTokenConfig, 'OidcTokenConfigsListResponse');

export const ListOidcTokenConfigsQuery = PagingQuery;

export const OidcTokenConfigIdParams = z.object({ configId: IdParam });

const ConfigName = text().trim().min(1).max(200);

export const CreateOidcTokenConfigInput = z
  .object({
    name: ConfigName,
    audience: Audience,
    targetEnvVar: TargetEnvVar,
    deploymentIds: DeploymentIds.optional(),
    isEnabled: z.boolean().optional().meta({ description: 'Default true.' }),
    lifetimeSeconds: LifetimeSeconds.optional().meta({
      description: `Default ${defaultOidcTokenLifetimeSeconds}.`,
    }),
  })
  .strict()
  .meta({ id: 'CreateOidcTokenConfigInput' });

export const UpdateOidcTokenConfigInput = z
  .object({
    name: ConfigName.optional(),
    audience: Audience.optional(),
    targetEnvVar: TargetEnvVar.optional(),
    deploymentIds: DeploymentIds.optional(),
    isEnabled: z.boolean().optional(),
    lifetimeSeconds: LifetimeSeconds.optional(),
  })
  .strict()
  .meta({ id: 'UpdateOidcTokenConfigInput' });

export const CreateOidcTokenInput = z
  .object({ deploymentId: IdParam.meta({ description: 'A deployment the configuration covers.' }) })
  .strict()
  .meta({ id: 'CreateOidcTokenInput' });

export const OidcToken = z
  .object({
    token: z
      .string()
      .meta({ description: 'A JWT: iss, sub `deployment:<id>`, aud, iat, exp, jti; kid in its header.' }),
    expiresAt: Timestamp,
  })
  .meta({ id: 'OidcToken' });

export type OidcToken = z.infer<typeof OidcToken>;

export const OidcSigningKey = z
  .object({
    kid: z.string(),
    algorithm: z.string(),
    createdAt: Timestamp,
    retiredKid: z.string().nullable().meta({
      description: 'The key it replaced, still published until every token it signed has expired.',
    }),
  })
  .meta({ id: 'OidcSigningKey' });

/** OpenID Connect Discovery 1.0, the fields a workload issuer has (no authorization or token endpoint). */
export const OpenIdConfiguration = z
  .object({
    issuer: z.string(),
    jwks_uri: z.string(),
    response_types_supported: z.array(z.string()),
    subject_types_supported: z.array(z.string()),
    id_token_signing_alg_values_supported: z.array(z.string()),
    claims_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
  })
  .meta({ id: 'OpenIdConfiguration' });

export type OpenIdConfiguration = z.infer<typeof OpenIdConfiguration>;

export const PublicJsonWebKey = z
  .object({
    kty: z.string(),
    crv: z.string(),
    x: z.string(),
    y: z.string(),
    kid: z.string(),
    alg: z.string(),
    use: z.string(),
  })
  .meta({ id: 'PublicJsonWebKey' });

export const JsonWebKeySet = z.object({ keys: z.array(PublicJsonWebKey) }).meta({ id: 'JsonWebKeySet' });

export type JsonWebKeySet = z.infer<typeof JsonWebKeySet>;
