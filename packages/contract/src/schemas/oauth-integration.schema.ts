import * as z from 'zod';
import { IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { encryptedPlaceholder } from './deployment.schema.js';
import { isStorableText, text, unstorableTextMessage } from './text.schema.js';

export const oauthIntegrationTypes = ['generic', 'snowflake', 'google', 'github'] as const;

export type OAuthIntegrationType = (typeof oauthIntegrationTypes)[number];

export const userOAuthTokenStatuses = ['active', 'expired', 'revoked'] as const;

/** Where the platform answers the provider's redirect, under its public URL. */
export const oauthCallbackPath = '/api/v1/oauth/callback';

/**
 * An endpoint of an authorization server: http(s), with no credentials in it (the client secret is the
 * credential, kept encrypted) and no fragment (RFC 6749 3.1 and 3.2 forbid one).
 */
const EndpointUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .max(2000)
  .refine(isStorableText, { error: unstorableTextMessage })
  .refine(
    (value) => {
      // An unparsable value is already refused by the format check, which does not stop the others.
      const url = URL.parse(value);
      return url === null || (url.username === '' && url.password === '');
    },
    { error: 'must not carry credentials (user:password@): give them as clientId and clientSecret' },
  )
  .refine((value) => !value.includes('#'), { error: 'must not have a fragment (#...)' });

const Scope = text()
  .min(1)
  .max(200)
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, {
    error: 'a scope is printable ASCII without spaces, quotes or backslashes (RFC 6749 3.3)',
  });

export const OAuthIntegration = z
  .object({
    id: z.int(),
    name: z.string(),
    type: z.enum(oauthIntegrationTypes),
    clientId: z.string(),
    clientSecret: z
      .literal(encryptedPlaceholder)
      .meta({ description: `Always ${encryptedPlaceholder}: the secret is stored encrypted, never shown.` }),
    authorizationUrl: z.string(),
    tokenUrl: z.string(),
    revocationUrl: z
      .string()
      .nullable()
      .meta({ description: 'RFC 7009 endpoint; a disconnect revokes the token there when set.' }),
    scopes: z.array(z.string()),
    redirectUri: z.string().meta({
      description: `Register this at the provider: the platform's public URL + ${oauthCallbackPath}.`,
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'OAuthIntegration' });

export type OAuthIntegration = z.infer<typeof OAuthIntegration>;

export const OAuthIntegrationsListResponse = listOf(OAuthIntegration, 'OAuthIntegrationsListResponse');

export const ListOAuthIntegrationsQuery = PagingQuery;

export const OAuthIntegrationIdParams = z.object({ integrationId: IdParam });

const IntegrationName = text().trim().min(1).max(200).meta({ description: 'Unique in the account.' });

const ClientId = text().min(1).max(2000);

const ClientSecret = text()
  .min(1)
  .max(4000)
  .refine((value) => value !== encryptedPlaceholder, {
    error: `${encryptedPlaceholder} stands for the stored secret: leave clientSecret out to keep it`,
  })
  .meta({ description: 'Stored encrypted; reads back as [ENCRYPTED].' });

const Scopes = z.array(Scope).max(100).meta({ description: 'Asked for at every connection.' });

export const CreateOAuthIntegrationInput = z
  .object({
    name: IntegrationName,
    type: z.enum(oauthIntegrationTypes).default('generic'),
    clientId: ClientId,
    clientSecret: ClientSecret,
    authorizationUrl: EndpointUrl,
    tokenUrl: EndpointUrl,
    revocationUrl: EndpointUrl.nullish(),
    scopes: Scopes.default([]),
  })
  .strict()
  .meta({ id: 'CreateOAuthIntegrationInput' });

export type CreateOAuthIntegrationInput = z.input<typeof CreateOAuthIntegrationInput>;

/** Absent fields keep their value; an update without clientSecret keeps the stored one. */
export const UpdateOAuthIntegrationInput = z
  .object({
    name: IntegrationName.optional(),
    type: z.enum(oauthIntegrationTypes).optional(),
    clientId: ClientId.optional(),
    clientSecret: ClientSecret.optional(),
    authorizationUrl: EndpointUrl.optional(),
    tokenUrl: EndpointUrl.optional(),
    revocationUrl: EndpointUrl.nullable().optional(),
    scopes: Scopes.optional(),
  })
  .strict()
  .meta({ id: 'UpdateOAuthIntegrationInput' });

export type UpdateOAuthIntegrationInput = z.input<typeof UpdateOAuthIntegrationInput>;

export const UserOAuthToken = z
  .object({
    id: z.int(),
    integrationId: z.int(),
    status: z.enum(userOAuthTokenStatuses).meta({
      description:
        'active: usable (an expired access token is refreshed on use); expired: no longer usable, connect again; revoked: the integration changed its client or endpoints, connect again.',
    }),
    scopes: z.array(z.string()).meta({ description: 'What the provider granted.' }),
    accessTokenExpiresAt: Timestamp.nullable().meta({ description: 'null: the provider gave no expiry.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'UserOAuthToken' });

export type UserOAuthToken = z.infer<typeof UserOAuthToken>;

export const UserOAuthTokensListResponse = listOf(UserOAuthToken, 'UserOAuthTokensListResponse');

export const ListUserOAuthTokensQuery = PagingQuery;

export const InitiatedOAuthConnection = z
  .object({
    authorizationUrl: z.string().meta({
      description: "Open it in the user's browser; the provider sends the browser back to the callback.",
    }),
    expiresAt: Timestamp.meta({ description: 'The connection must be completed before this.' }),
  })
  .meta({ id: 'InitiatedOAuthConnection' });

export type InitiatedOAuthConnection = z.infer<typeof InitiatedOAuthConnection>;

/** What the provider sends the browser back with (RFC 6749 4.1.2 and 4.1.2.1). */
export const OAuthCallbackQuery = z.object({
  state: text().min(1).max(500),
  code: text().min(1).max(4000).optional(),
  error: text().min(1).max(200).optional(),
  error_description: text().max(2000).optional(),
  error_uri: text().max(2000).optional(),
  iss: text().max(2000).optional(),
});

export const OAuthCallbackPage = z
  .string()
  .meta({ description: 'A small HTML page saying it is connected.' });
