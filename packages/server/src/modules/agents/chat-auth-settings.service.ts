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
  customCheckUrl: null,
  customCheckUrlSecretEncrypted: null,
  issuer: null,
  audience: null,
};

function toSettings(row: Omit<DeploymentChatAuthRow, 'deploymentId' | 'updatedAt'>) {
  return {
    enabled: row.isEnabled,
    secret: row.secretEncrypted === null ? null : encryptedPlaceholder,
    jwksUrl: row.jwksUrl === null ? null : maskUrlCredentials(row.jwksUrl),
    customCheckUrl: row.customCheckUrl === null ? null : maskUrlCredentials(row.customCheckUrl),
    issuer: row.issuer,
    audience: row.audience,
  } satisfies contract.ChatAuthSettings;
}

/**
 * How a deployment checks platform tokens (`X-Platform-Auth-Token`) on the Chat API: an HS256 shared
 * secret, stored encrypted and read back as `[ENCRYPTED]`, a JWKS URL for RS256/ES256 keys, or a custom
 * check URL the platform asks about each token.
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
    // Whoever sets the secret, the JWKS URL or the custom check signs (or vouches for) platform tokens with any claims (any user, any
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
      ...this.nextCustomCheckUrl(current, input.customCheckUrl),
      issuer: input.issuer === undefined ? current.issuer : input.issuer,
      audience: input.audience === undefined ? current.audience : input.audience,
    };
    if (
      next.isEnabled &&
      next.secretEncrypted === null &&
      next.jwksUrl === null &&
      next.customCheckUrl === null
    ) {
      throw new AppError(
        'BAD_REQUEST',
        'enabled: platform tokens need a secret (HS256), a jwksUrl (RS256/ES256) or a customCheckUrl to be checked against',
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
      customCheckUrl:
        row.customCheckUrl === null
          ? null
          : openUrl(
              { maskedUrl: row.customCheckUrl, secretEncrypted: row.customCheckUrlSecretEncrypted },
              this.secretBox,
            ),
      issuer: row.issuer,
      audience: row.audience,
    };
  }

  /** The JWKS URL's credentials, like any URL's, are stored apart and encrypted. */
  private nextJwksUrl(
    current: Pick<DeploymentChatAuthRow, 'jwksUrl' | 'jwksUrlSecretEncrypted'>,
    jwksUrl: string | null | undefined,
  ) {
    const next = this.nextSealedUrl(
      { maskedUrl: current.jwksUrl, secretEncrypted: current.jwksUrlSecretEncrypted },
      jwksUrl,
      'jwksUrl',
    );
    return { jwksUrl: next.maskedUrl, jwksUrlSecretEncrypted: next.secretEncrypted };
  }

  private nextCustomCheckUrl(
    current: Pick<DeploymentChatAuthRow, 'customCheckUrl' | 'customCheckUrlSecretEncrypted'>,
    customCheckUrl: string | null | undefined,
  ) {
    const next = this.nextSealedUrl(
      { maskedUrl: current.customCheckUrl, secretEncrypted: current.customCheckUrlSecretEncrypted },
      customCheckUrl,
      'customCheckUrl',
    );
    return { customCheckUrl: next.maskedUrl, customCheckUrlSecretEncrypted: next.secretEncrypted };
  }

  /** Absent keeps the stored URL, null clears it, a URL is sealed (a masked one keeps the stored secret). */
  private nextSealedUrl(
    current: { maskedUrl: string | null; secretEncrypted: string | null },
    url: string | null | undefined,
    field: string,
  ): { maskedUrl: string | null; secretEncrypted: string | null } {
    if (url === undefined) return current;
    if (url === null) return { maskedUrl: null, secretEncrypted: null };
    const stored =
      current.maskedUrl === null
        ? null
        : { maskedUrl: current.maskedUrl, secretEncrypted: current.secretEncrypted };
    const sealed = sealWrittenUrl(url, stored, this.secretBox);
    if (sealed === null) throw new AppError('BAD_REQUEST', maskedUrlRefusal(field));
    return { maskedUrl: sealed.maskedUrl, secretEncrypted: sealed.secretEncrypted };
  }

  private async rowOf(deploymentId: number) {
    const [row] = await this.database
      .select()
      .from(deploymentChatAuthTable)
      .where(eq(deploymentChatAuthTable.deploymentId, deploymentId));
    return row ?? disabledRow;
  }
}
