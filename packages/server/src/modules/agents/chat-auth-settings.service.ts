import type * as contract from '@platform/contract';
import { encryptedPlaceholder } from '@platform/contract';
import { eq } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import {
  maskedUrlRefusal,
  maskUrlCredentials,
  openUrl,
  sealWrittenUrl,
} from '../../platform/crypto/url-credentials.js';
import type { Database } from '../../platform/database/database.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import { assertCredentialWithin } from '../identity/credential-rights.js';
import type { Principal } from '../identity/principal.js';
import { type DeploymentChatAuthRow, deploymentChatAuthTable } from './agents.tables.js';
import type { ChatAuthSettings } from './chat-agent.js';

type UpdateChatAuthSettingsInput = z.output<typeof contract.UpdateChatAuthSettingsInput>;

/** A deployment that never changed its settings: platform tokens are refused (SPEC: off by default). */
const disabledRow: Omit<DeploymentChatAuthRow, 'deploymentId' | 'updatedAt'> = {
  isEnabled: false,
  secretEncrypted: null,
  jwksUrl: null,
  jwksUrlSecretEncrypted: null,
  issuer: null,
  audience: null,
};

function toSettings(row: Omit<DeploymentChatAuthRow, 'deploymentId' | 'updatedAt'>) {
  return {
    enabled: row.isEnabled,
    secret: row.secretEncrypted === null ? null : encryptedPlaceholder,
    jwksUrl: row.jwksUrl === null ? null : maskUrlCredentials(row.jwksUrl),
    issuer: row.issuer,
    audience: row.audience,
  } satisfies contract.ChatAuthSettings;
}

/**
 * How a deployment checks platform tokens (`X-Platform-Auth-Token`) on the Chat API: an HS256 shared
 * secret, stored encrypted and read back as `[ENCRYPTED]`, or a JWKS URL for RS256/ES256 keys.
 */
export class ChatAuthSettingsService {
  constructor(
    private readonly database: Database,
    private readonly access: DeploymentAccessService,
    private readonly secretBox: SecretBox,
  ) {}

  async get(principal: Principal, deploymentId: number) {
    await this.access.load(principal, deploymentId, 'DeploymentRead');
    return toSettings(await this.rowOf(deploymentId));
  }

  /** Fields left out keep their value, null clears one, `[ENCRYPTED]` keeps the stored secret. */
  async update(principal: Principal, deploymentId: number, input: UpdateChatAuthSettingsInput) {
    await this.access.load(principal, deploymentId, 'DeploymentManage');
    // Whoever sets the secret or the JWKS URL signs platform tokens with any claims (any user, any
    // groups, `admin` included), for as long as the settings stay: an admin's rights on this deployment,
    // without expiry.
    assertCredentialWithin(
      principal,
      { role: 'admin', deploymentIds: [deploymentId], expiresAt: null },
      "changing the deployment's chat-auth settings",
    );
    const current = await this.rowOf(deploymentId);
    let secretEncrypted = current.secretEncrypted;
    if (input.secret === encryptedPlaceholder) {
      if (secretEncrypted === null) {
        throw new AppError(
          'BAD_REQUEST',
          `secret: ${encryptedPlaceholder} stands for a stored secret and this deployment has none; send the secret itself`,
        );
      }
    } else if (input.secret !== undefined) {
      secretEncrypted = input.secret === null ? null : this.secretBox.encrypt(input.secret);
    }
    const next = {
      isEnabled: input.enabled,
      secretEncrypted,
      ...this.nextJwksUrl(current, input.jwksUrl),
      issuer: input.issuer === undefined ? current.issuer : input.issuer,
      audience: input.audience === undefined ? current.audience : input.audience,
    };
    if (next.isEnabled && next.secretEncrypted === null && next.jwksUrl === null) {
      throw new AppError(
        'BAD_REQUEST',
        'enabled: platform tokens need a secret (HS256) or a jwksUrl (RS256/ES256) to be checked against',
      );
    }
    await this.database
      .insert(deploymentChatAuthTable)
      .values({ deploymentId, ...next })
      .onConflictDoUpdate({
        target: deploymentChatAuthTable.deploymentId,
        set: { ...next, updatedAt: new Date() },
      });
    return toSettings(next);
  }

  /** For the Chat API, which authenticates before any principal exists: the secret decrypted. */
  async settingsOf(deploymentId: number): Promise<ChatAuthSettings> {
    const row = await this.rowOf(deploymentId);
    return {
      enabled: row.isEnabled,
      secret: row.secretEncrypted === null ? null : this.secretBox.decrypt(row.secretEncrypted),
      jwksUrl:
        row.jwksUrl === null
          ? null
          : openUrl({ maskedUrl: row.jwksUrl, secretEncrypted: row.jwksUrlSecretEncrypted }, this.secretBox),
      issuer: row.issuer,
      audience: row.audience,
    };
  }

  /** The JWKS URL's credentials, like any URL's, are stored apart and encrypted. */
  private nextJwksUrl(
    current: Pick<DeploymentChatAuthRow, 'jwksUrl' | 'jwksUrlSecretEncrypted'>,
    jwksUrl: string | null | undefined,
  ) {
    if (jwksUrl === undefined) {
      return { jwksUrl: current.jwksUrl, jwksUrlSecretEncrypted: current.jwksUrlSecretEncrypted };
    }
    if (jwksUrl === null) return { jwksUrl: null, jwksUrlSecretEncrypted: null };
    const stored =
      current.jwksUrl === null
        ? null
        : { maskedUrl: current.jwksUrl, secretEncrypted: current.jwksUrlSecretEncrypted };
    const sealed = sealWrittenUrl(jwksUrl, stored, this.secretBox);
    if (sealed === null) throw new AppError('BAD_REQUEST', maskedUrlRefusal('jwksUrl'));
    return { jwksUrl: sealed.maskedUrl, jwksUrlSecretEncrypted: sealed.secretEncrypted };
  }

  private async rowOf(deploymentId: number) {
    const [row] = await this.database
      .select()
      .from(deploymentChatAuthTable)
      .where(eq(deploymentChatAuthTable.deploymentId, deploymentId));
    return row ?? disabledRow;
  }
}
