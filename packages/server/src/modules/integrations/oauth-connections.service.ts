import { createHash } from 'node:crypto';
import type * as contract from '@platform/contract';
import { eq, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import type { Principal } from '../identity/principal.js';
import { connectedPage } from './connected-page.js';
import { oauthAuthorizationRequestsTable, userOAuthTokensTable } from './integrations.tables.js';
import {
  authorizationUrlOf,
  exchangeAuthorizationCode,
  newAuthorizationSecrets,
  OAuthRefusal,
} from './oauth-client.js';
import type { OAuthIntegrationsService } from './oauth-integrations.service.js';

type CallbackQuery = z.output<typeof contract.OAuthCallbackQuery>;

/** How long a started connection may take to come back from the provider. */
const authorizationRequestMilliseconds = 10 * 60 * 1000;

/** Only the state's hash is stored: a copy of the table cannot complete anyone's connection. */
function hashOfState(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}

const unknownState = () =>
  new AppError(
    'UNAUTHORIZED',
    'this connection attempt is unknown, already used or older than 10 minutes: start connecting again',
  );

/**
 * Connecting a user's account at a provider: the authorization code grant with PKCE (RFC 6749 4.1,
 * RFC 7636). `initiate` keeps the verifier, encrypted, under the hash of a single-use state; the callback
 * takes that row (whoever brings the state is the user who started it), exchanges the code and stores
 * the tokens encrypted. A refusal anywhere stores nothing.
 */
export class OAuthConnectionsService {
  constructor(
    private readonly database: Database,
    private readonly integrations: OAuthIntegrationsService,
    private readonly secretBox: SecretBox,
    private readonly logger: Logger,
  ) {}

  async initiate(principal: Principal, integrationId: number): Promise<contract.InitiatedOAuthConnection> {
    const settings = await this.integrations.clientSettingsOf(principal.accountId, integrationId);
    const secrets = await newAuthorizationSecrets();
    const expiresAt = new Date(Date.now() + authorizationRequestMilliseconds);
    // Abandoned attempts are swept as new ones start: the table never holds more than ten minutes' worth.
    await this.database
      .delete(oauthAuthorizationRequestsTable)
      .where(lt(oauthAuthorizationRequestsTable.expiresAt, new Date()));
    await this.database.insert(oauthAuthorizationRequestsTable).values({
      stateHash: hashOfState(secrets.state),
      userId: principal.userId,
      integrationId,
      codeVerifierEncrypted: this.secretBox.encrypt(secrets.codeVerifier),
      expiresAt,
    });
    return {
      authorizationUrl: authorizationUrlOf(settings, {
        redirectUri: this.integrations.redirectUri(),
        state: secrets.state,
        codeChallenge: secrets.codeChallenge,
      }),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The provider's redirect back: answers the page the user's browser shows. */
  async complete(query: CallbackQuery): Promise<string> {
    // Taken in one statement, so a state is used once even when two requests bring it together.
    const [request] = await this.database
      .delete(oauthAuthorizationRequestsTable)
      .where(eq(oauthAuthorizationRequestsTable.stateHash, hashOfState(query.state)))
      .returning();
    if (!request || request.expiresAt.getTime() < Date.now()) throw unknownState();
    const settings = await this.integrations.clientSettingsById(request.integrationId);
    if (!settings) throw unknownState();
    const parameters = new URLSearchParams();
    // `iss` (RFC 9207) is left out: an integration configures endpoints, not an issuer to compare it to.
    for (const name of ['state', 'code', 'error', 'error_description', 'error_uri'] as const) {
      const value = query[name];
      if (value !== undefined) parameters.set(name, value);
    }
    let granted: Awaited<ReturnType<typeof exchangeAuthorizationCode>>;
    try {
      granted = await exchangeAuthorizationCode(settings, {
        parameters,
        state: query.state,
        redirectUri: this.integrations.redirectUri(),
        codeVerifier: this.secretBox.decrypt(request.codeVerifierEncrypted),
      });
    } catch (error) {
      if (error instanceof OAuthRefusal) {
        throw new AppError(
          'BAD_REQUEST',
          `${settings.name} refused the connection: ${error.message}; nothing was stored, start connecting again`,
        );
      }
      throw error;
    }
    const values = {
      status: 'active' as const,
      accessTokenEncrypted: this.secretBox.encrypt(granted.accessToken),
      refreshTokenEncrypted:
        granted.refreshToken === null ? null : this.secretBox.encrypt(granted.refreshToken),
      accessTokenExpiresAt: granted.expiresAt,
      scopes: granted.scopes ?? [...settings.scopes],
      updatedAt: new Date(),
    };
    await this.database
      .insert(userOAuthTokensTable)
      .values({ userId: request.userId, integrationId: settings.id, ...values })
      .onConflictDoUpdate({
        target: [userOAuthTokensTable.userId, userOAuthTokensTable.integrationId],
        set: values,
      });
    this.logger.info({ userId: request.userId, integrationId: settings.id }, 'OAuth integration connected');
    return connectedPage(settings.name);
  }
}
