import * as z from 'zod';
import { roles } from '../rights/action.js';
import { Timestamp } from './common.schema.js';
import { encryptedPlaceholder } from './deployment.schema.js';
import { isTimeZone } from './semantic-query.schema.js';
import { text } from './text.schema.js';

/** The cap on kept external users (chat and embed users) an account may set, and its default. */
export const maximumExternalUsersLimit = 10_000;

export const defaultSessionTtlSeconds = 12 * 60 * 60;
export const minimumSessionTtlSeconds = 5 * 60;
export const maximumSessionTtlSeconds = 30 * 24 * 60 * 60;

const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

function isLocale(name: string): boolean {
  try {
    return Intl.getCanonicalLocales(name).length === 1;
  } catch {
    return false;
  }
}

export const LocaleName = text()
  .min(2)
  .max(35)
  .refine(isLocale, 'must be a BCP 47 language tag such as en-US or de-DE')
  .meta({ id: 'LocaleName' });

export const TimeZoneName = text()
  .min(1)
  .max(100)
  .refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris')
  .meta({ id: 'TimeZoneName' });

/** `https://app.example.com` or `http://localhost:3000`: a scheme, a host and an optional port, no path. */
export const WebOrigin = text()
  .max(300)
  .regex(
    /^https?:\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/,
    'must be an origin: http(s)://host[:port], no path (a leading *. allows every subdomain)',
  );

const CssColor = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #1f6feb');

/** Colours and fonts of the web pages; each member optional, only what is set overrides the default look. */
export const AppTheme = z
  .strictObject({
    mode: z.enum(['light', 'dark']).optional(),
    primaryColor: CssColor.optional(),
    backgroundColor: CssColor.optional(),
    textColor: CssColor.optional(),
    fontFamily: z
      .string()
      .min(1)
      .max(200)
      .regex(
        /^[A-Za-z0-9 ,'"-]+$/,
        'must be a CSS font-family list (letters, digits, spaces, commas, quotes)',
      )
      .optional(),
    borderRadiusPixels: z.int().min(0).max(32).optional(),
    logoUrl: z
      .url({ protocol: /^https$/, error: 'must be an https URL' })
      .max(2000)
      .optional(),
  })
  .meta({ id: 'AppTheme' });

export type AppTheme = z.infer<typeof AppTheme>;

export const AppConfig = z
  .object({
    appTheme: AppTheme.nullable(),
    applyThemeGlobally: z.boolean().meta({ description: 'Theme every web page, not only dashboards.' }),
    creatorMode: z.object({
      localizedTitles: z.boolean(),
      showGeneratedSql: z.boolean().meta({ description: 'Show the warehouse SQL in the report view.' }),
      showSemanticSql: z
        .boolean()
        .meta({ description: 'Show the semantic (SQL API) query in the report view.' }),
    }),
    embedding: z.object({
      locale: LocaleName.nullable().meta({ description: "Embed sessions' default locale." }),
      showDashboardChat: z.boolean().meta({ description: "Embed sessions' default for the chat panel." }),
    }),
    sheetsUi: z.object({ showAppliedFilters: z.boolean() }),
  })
  .meta({ id: 'AppConfig' });

export type AppConfig = z.infer<typeof AppConfig>;

export const AppConfigInput = z
  .strictObject({
    appTheme: AppTheme.nullable().optional(),
    applyThemeGlobally: z.boolean().optional(),
    creatorMode: z
      .strictObject({
        localizedTitles: z.boolean().optional(),
        showGeneratedSql: z.boolean().optional(),
        showSemanticSql: z.boolean().optional(),
      })
      .optional(),
    embedding: z
      .strictObject({ locale: LocaleName.nullable().optional(), showDashboardChat: z.boolean().optional() })
      .optional(),
    sheetsUi: z.strictObject({ showAppliedFilters: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'AppConfigInput' });

export const chatThreadActions = ['read', 'write', 'abort', 'delete'] as const;
export type ChatThreadAction = (typeof chatThreadActions)[number];

/**
 * Who may act on internal users' chat threads beyond their own: the first matching deny wins over any
 * allow; with no policy, users act on their own threads only.
 */
export const ChatThreadPolicy = z
  .strictObject({
    actions: z.array(z.enum(chatThreadActions)).min(1).max(4),
    effect: z.enum(['allow', 'deny']),
    resourceType: z.enum(['agent', 'deployment']),
    resources: z
      .array(text().min(1).max(128))
      .min(1)
      .max(100)
      .meta({ description: '`*` for every one, or agent / deployment ids.' }),
  })
  .meta({ id: 'ChatThreadPolicy' });

export type ChatThreadPolicy = z.infer<typeof ChatThreadPolicy>;

export const SsoSettings = z
  .object({
    enabled: z.boolean(),
    issuerUrl: z.string().nullable().meta({ description: "The OpenID provider's issuer URL." }),
    clientId: z.string().nullable(),
    clientSecret: z
      .literal(encryptedPlaceholder)
      .nullable()
      .meta({ description: `Stored encrypted; reads back as ${encryptedPlaceholder} when set.` }),
    allowUserCreation: z
      .boolean()
      .meta({ description: 'Create a user (with defaultRole) on first sign-in of an unknown e-mail.' }),
    defaultRole: z.enum(roles),
  })
  .meta({ id: 'SsoSettings' });

export const SsoSettingsInput = z
  .strictObject({
    enabled: z.boolean().optional(),
    issuerUrl: HttpUrl.nullable().optional(),
    clientId: text().trim().min(1).max(500).nullable().optional(),
    clientSecret: text()
      .min(1)
      .max(4000)
      .nullable()
      .optional()
      .meta({
        description: `Stored encrypted. Sending ${encryptedPlaceholder} back keeps the stored secret.`,
      }),
    allowUserCreation: z.boolean().optional(),
    defaultRole: z.enum(roles).optional(),
  })
  .meta({ id: 'SsoSettingsInput' });

export const TenantSettings = z
  .object({
    name: z.string(),
    defaultLocale: z
      .string()
      .meta({ description: 'Numbers and dates in answers and pages (default en-US).' }),
    defaultTimezone: z.string().meta({ description: 'Dates and relative periods (default UTC).' }),
    aiEnabled: z.boolean().meta({ description: 'Whether the Chat API and AI widgets answer.' }),
    embedding: z.object({
      enabled: z.boolean(),
      allowedOrigins: z.array(z.string()).meta({ description: 'Who may frame embed pages.' }),
    }),
    sessionTtlSeconds: z.int().meta({ description: 'How long a web sign-in lasts.' }),
    chatThreadPolicies: z.array(ChatThreadPolicy),
    externalUsersLimit: z
      .int()
      .meta({ description: 'The cap on kept external users, for the Chat API and embedding together.' }),
    appConfig: AppConfig,
    sso: SsoSettings,
    updatedAt: Timestamp.nullable().meta({ description: 'Null while every setting has its default.' }),
  })
  .meta({ id: 'TenantSettings' });

export type TenantSettings = z.infer<typeof TenantSettings>;

/** A partial merge: members left out keep their value; nested objects merge member by member; arrays replace. */
export const UpdateTenantSettingsInput = z
  .strictObject({
    name: text().trim().min(1).max(200).optional(),
    defaultLocale: LocaleName.optional(),
    defaultTimezone: TimeZoneName.optional(),
    aiEnabled: z.boolean().optional(),
    embedding: z
      .strictObject({
        enabled: z.boolean().optional(),
        allowedOrigins: z.array(WebOrigin).max(100).optional(),
      })
      .optional(),
    sessionTtlSeconds: z.int().min(minimumSessionTtlSeconds).max(maximumSessionTtlSeconds).optional(),
    chatThreadPolicies: z.array(ChatThreadPolicy).max(100).optional(),
    externalUsersLimit: z.int().min(1).max(maximumExternalUsersLimit).optional(),
    appConfig: AppConfigInput.optional(),
    sso: SsoSettingsInput.optional(),
  })
  .meta({ id: 'UpdateTenantSettingsInput' });

export type UpdateTenantSettingsInput = z.output<typeof UpdateTenantSettingsInput>;

export const AppThemeResponse = z
  .object({ appTheme: AppTheme.nullable(), applyThemeGlobally: z.boolean() })
  .meta({ id: 'AppThemeResponse' });

export const EmbedThemeResponse = z
  .object({
    appTheme: AppTheme.nullable(),
    locale: z.string().meta({ description: "Embed sessions' default locale (else the account's)." }),
    showDashboardChat: z.boolean(),
  })
  .meta({ id: 'EmbedThemeResponse' });
