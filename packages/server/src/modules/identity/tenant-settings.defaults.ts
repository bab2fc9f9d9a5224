import {
  type AppConfig,
  type ChatThreadPolicy,
  defaultSessionTtlSeconds,
  maximumExternalUsersLimit,
  type RoleName,
} from '@platform/contract';

/** The SSO settings as stored: the client secret lives encrypted in its own column. */
export interface StoredSsoSettings {
  enabled: boolean;
  issuerUrl: string | null;
  clientId: string | null;
  allowUserCreation: boolean;
  defaultRole: RoleName;
}

/** Every tenant setting but the name (the account's own) and the SSO client secret. */
export interface StoredTenantSettings {
  name: string | null;
  defaultLocale: string;
  defaultTimezone: string;
  aiEnabled: boolean;
  embedding: { enabled: boolean; allowedOrigins: string[] };
  sessionTtlSeconds: number;
  chatThreadPolicies: ChatThreadPolicy[];
  externalUsersLimit: number;
  appConfig: AppConfig;
  sso: StoredSsoSettings;
}

export const defaultAppConfig: AppConfig = {
  appTheme: null,
  applyThemeGlobally: false,
  creatorMode: { localizedTitles: false, showGeneratedSql: false, showSemanticSql: false },
  embedding: { locale: null, showDashboardChat: false },
  sheetsUi: { showAppliedFilters: true },
};

export const defaultTenantSettings: StoredTenantSettings = {
  name: null,
  defaultLocale: 'en-US',
  defaultTimezone: 'UTC',
  aiEnabled: true,
  embedding: { enabled: true, allowedOrigins: [] },
  sessionTtlSeconds: defaultSessionTtlSeconds,
  chatThreadPolicies: [],
  externalUsersLimit: maximumExternalUsersLimit,
  appConfig: defaultAppConfig,
  sso: { enabled: false, issuerUrl: null, clientId: null, allowUserCreation: false, defaultRole: 'viewer' },
};

type Mergeable = Record<string, unknown>;

function isPlainObject(value: unknown): value is Mergeable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `change` over `base`, member by member: objects merge, arrays and scalars replace, `undefined` keeps,
 * `null` sets null. Used both to apply a partial update and to fill a stored document with defaults
 * (so a setting added later reads as its default in rows written before it existed).
 */
export function mergeSettings<Value>(base: Value, change: unknown): Value {
  if (!isPlainObject(base) || !isPlainObject(change)) return (change === undefined ? base : change) as Value;
  const merged: Mergeable = { ...base };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    merged[key] =
      isPlainObject(value) && isPlainObject(merged[key]) ? mergeSettings(merged[key], value) : value;
  }
  return merged as Value;
}
