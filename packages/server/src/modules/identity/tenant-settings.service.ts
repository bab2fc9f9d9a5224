import {
  type AppConfig,
  encryptedPlaceholder,
  type TenantSettings,
  type UpdateTenantSettingsInput,
} from '@platform/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import { type ChangeFeed, everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import type { AuthorizationService } from './authorization.service.js';
import { accountsTable } from './identity.tables.js';
import type { Principal } from './principal.js';
import {
  defaultTenantSettings,
  mergeSettings,
  type StoredSsoSettings,
  type StoredTenantSettings,
} from './tenant-settings.defaults.js';
import { tenantSettingsTable } from './tenant-settings.tables.js';

/** An account's settings as other modules read them: every default filled in, the name resolved. */
export interface ResolvedTenantSettings extends Omit<StoredTenantSettings, 'name'> {
  name: string;
  hasSsoClientSecret: boolean;
  updatedAt: Date | null;
}

/** The SSO settings with the client secret decrypted, for the sign-in flow only. */
export interface SsoConfiguration extends StoredSsoSettings {
  clientSecret: string | null;
}

const topicKind = 'tenant-settings';
const maximumCachedAccounts = 1_000;

/** Published after an account's settings change: every process drops its copy. */
export function tenantSettingsTopic(accountId: number): string {
  return `${topicKind}:${accountId}`;
}

interface StoredRow {
  settings: Partial<StoredTenantSettings>;
  ssoClientSecretEncrypted: string | null;
  updatedAt: Date;
}

/**
 * The account-wide settings (API-NOTES.md "Tenant settings"). Every module that obeys a setting reads it
 * through `settingsOf`, cached per process and dropped on the change feed when any process writes, so a
 * change takes effect at once everywhere without a read per request.
 */
export class TenantSettingsService {
  private readonly cache = new Map<number, Promise<ResolvedTenantSettings>>();
  private generation = 0;

  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly changeFeed: ChangeFeed,
    private readonly secretBox: SecretBox,
  ) {}

  async get(principal: Principal): Promise<TenantSettings> {
    this.authorizeManage(principal);
    return toTenantSettings(await this.settingsOf(principal.accountId));
  }

  /** A partial merge in one transaction (the row locked), so concurrent writes of other members both land. */
  async update(principal: Principal, input: UpdateTenantSettingsInput): Promise<TenantSettings> {
    this.authorizeManage(principal);
    const accountId = principal.accountId;
    await this.database.transaction(async (transaction) => {
      await transaction
        .insert(tenantSettingsTable)
        .values({ accountId, settings: {} })
        .onConflictDoNothing({ target: tenantSettingsTable.accountId });
      const [row] = await transaction
        .select()
        .from(tenantSettingsTable)
        .where(eq(tenantSettingsTable.accountId, accountId))
        .for('update');
      const current = row as StoredRow;
      const { sso, ...rest } = input;
      const { clientSecret, ...ssoMembers } = sso ?? {};
      const settings = mergeSettings(mergeSettings(defaultTenantSettings, current.settings), {
        ...rest,
        sso: ssoMembers,
      });
      const ssoClientSecretEncrypted = this.nextSsoSecret(current.ssoClientSecretEncrypted, clientSecret);
      assertSsoComplete(settings.sso);
      await transaction
        .update(tenantSettingsTable)
        .set({ settings, ssoClientSecretEncrypted, updatedAt: new Date() })
        .where(eq(tenantSettingsTable.accountId, accountId));
    });
    this.forget(accountId);
    await this.changeFeed.publish(tenantSettingsTopic(accountId));
    return toTenantSettings(await this.settingsOf(accountId));
  }

  /** Any signed-in user of the account may read the app configuration. */
  async appConfig(principal: Principal): Promise<AppConfig> {
    return (await this.settingsOf(principal.accountId)).appConfig;
  }

  async appTheme(principal: Principal) {
    const { appConfig } = await this.settingsOf(principal.accountId);
    return { appTheme: appConfig.appTheme, applyThemeGlobally: appConfig.applyThemeGlobally };
  }

  /** The defaults embed sessions start from: a session's own settings win over these. */
  async embedTheme(principal: Principal) {
    const settings = await this.settingsOf(principal.accountId);
    return {
      appTheme: settings.appConfig.appTheme,
      locale: settings.appConfig.embedding.locale ?? settings.defaultLocale,
      showDashboardChat: settings.appConfig.embedding.showDashboardChat,
    };
  }

  /** What other modules obey; cached per process, dropped in every process when any process writes. */
  settingsOf(accountId: number): Promise<ResolvedTenantSettings> {
    const cached = this.cache.get(accountId);
    if (cached) return cached;
    const generation = this.generation;
    const loading = this.load(accountId);
    if (this.cache.size >= maximumCachedAccounts) this.cache.clear();
    this.cache.set(accountId, loading);
    // A failed read is not kept; nor is one that started before a change (its generation moved on).
    loading.then(
      () => {
        if (generation !== this.generation) this.cache.delete(accountId);
      },
      () => this.cache.delete(accountId),
    );
    return loading;
  }

  /** The SSO configuration with its client secret, for the sign-in flow; never returned by an operation. */
  async ssoSettingsOf(accountId: number): Promise<SsoConfiguration> {
    const [row] = await this.database
      .select({ secret: tenantSettingsTable.ssoClientSecretEncrypted })
      .from(tenantSettingsTable)
      .where(eq(tenantSettingsTable.accountId, accountId));
    const { sso } = await this.settingsOf(accountId);
    const encrypted = row?.secret ?? null;
    return { ...sso, clientSecret: encrypted === null ? null : this.secretBox.decrypt(encrypted) };
  }

  /** Listener for the change feed: `tenant-settings:<accountId>` or `*`. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.generation += 1;
      this.cache.clear();
      return;
    }
    const [kind, id] = topic.split(':');
    if (kind === topicKind) this.forget(Number(id));
  }

  private forget(accountId: number): void {
    this.generation += 1;
    this.cache.delete(accountId);
  }

  private async load(accountId: number): Promise<ResolvedTenantSettings> {
    const [account] = await this.database
      .select({ name: accountsTable.name })
      .from(accountsTable)
      .where(eq(accountsTable.id, accountId));
    const [row] = await this.database
      .select()
      .from(tenantSettingsTable)
      .where(eq(tenantSettingsTable.accountId, accountId));
    const stored = mergeSettings(defaultTenantSettings, (row as StoredRow | undefined)?.settings ?? {});
    return {
      ...stored,
      name: stored.name ?? account?.name ?? '',
      hasSsoClientSecret: (row?.ssoClientSecretEncrypted ?? null) !== null,
      updatedAt: row?.updatedAt ?? null,
    };
  }

  private nextSsoSecret(current: string | null, written: string | null | undefined): string | null {
    if (written === undefined || written === encryptedPlaceholder) return current;
    return written === null ? null : this.secretBox.encrypt(written);
  }

  private authorizeManage(principal: Principal): void {
    this.authorization.authorize(principal, 'SettingsManage', {
      type: 'account',
      accountId: principal.accountId,
    });
  }
}

function assertSsoComplete(sso: StoredSsoSettings): void {
  if (sso.enabled && (sso.issuerUrl === null || sso.clientId === null)) {
    throw new AppError('BAD_REQUEST', 'sso.enabled needs sso.issuerUrl and sso.clientId');
  }
}

function toTenantSettings(settings: ResolvedTenantSettings): TenantSettings {
  const { hasSsoClientSecret, updatedAt, sso, ...rest } = settings;
  return {
    ...rest,
    sso: { ...sso, clientSecret: hasSsoClientSecret ? encryptedPlaceholder : null },
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}
