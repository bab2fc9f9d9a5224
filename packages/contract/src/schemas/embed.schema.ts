import * as z from 'zod';
import { BranchName } from './branch-name.schema.js';
import { DeploymentIdParams, EntityId, IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { DashboardPublicId } from './dashboard.schema.js';
import { EmailAddress } from './email.schema.js';
import { LocaleName, TimeZoneName } from './tenant-settings.schema.js';
import { jsonObject, text } from './text.schema.js';

/** How long a generated session may wait for its exchange, and how long the token it becomes lives. */
export const embedSessionTtlSeconds = 10 * 60;
export const embedTokenTtlSeconds = 24 * 60 * 60;

/**
 * An embed tenant's name: it appears in paths (`/api/v1/embed-tenants/{name}`), so it is a plain slug
 * (letters, digits, `.`, `_`, `-`; starting with a letter or digit; no `..`, never `.` or `..`).
 */
export const EmbedTenantName = text()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, {
    error: 'must start with a letter or digit and hold only letters, digits, ".", "_" and "-"',
  })
  .refine((name) => !name.includes('..'), { error: 'must not contain ".."' })
  .meta({ id: 'EmbedTenantName', description: "The customer's tenant, unique in the account." });

/** An embed user's id in the host application: any case on input, kept lowercased (as the Chat API does). */
export const EmbedExternalId = text()
  .min(1)
  .max(255)
  .regex(/^\S+$/, { error: 'must not contain spaces' })
  .transform((value) => value.toLowerCase())
  .meta({ description: "The user's id in the host application (lowercased)." });

export const EmbedGroupName = text().trim().min(1).max(200);

const DisplayName = text().trim().min(1).max(200);

export const EmbedSessionSettings = z
  .strictObject({
    showDashboardChat: z.boolean().optional().meta({
      description: 'A chat panel beside the dashboard (default: the tenant setting appConfig.embedding).',
    }),
    locale: LocaleName.optional().meta({ description: 'Numbers and dates on the page.' }),
    timezone: TimeZoneName.optional().meta({ description: 'Dates and relative periods on the page.' }),
  })
  .meta({ id: 'EmbedSessionSettings' });

export const EmbedGroupDefinition = z
  .strictObject({ name: EmbedGroupName, description: text().max(2000).nullish() })
  .meta({ id: 'EmbedGroupDefinition' });

export const GenerateEmbedSessionInput = z
  .strictObject({
    deploymentId: EntityId,
    externalId: EmbedExternalId.optional(),
    internalId: EmailAddress.optional().meta({
      description: 'The e-mail of an active user of the account: their own role and attributes apply.',
    }),
    email: EmailAddress.optional(),
    userProfile: z.strictObject({ displayName: DisplayName.optional() }).optional(),
    embedTenantName: EmbedTenantName.optional().meta({
      description: 'The tenant the user belongs to (created on first use); default: the user is in none.',
    }),
    tenantGroups: z.array(EmbedGroupName).max(100).optional().meta({
      description:
        "The names of the tenant's groups the user is in; replaces their memberships in the tenant.",
    }),
    tenantGroupDefinitions: z.array(EmbedGroupDefinition).max(100).optional().meta({
      description: 'Groups of the tenant to create when missing (before tenantGroups is applied).',
    }),
    embedTenantProfile: z.strictObject({ displayName: DisplayName.optional() }).optional(),
    groups: z.array(text().min(1).max(255)).max(100).optional().meta({
      description: "The model's access-policy groups the user is in.",
    }),
    userAttributes: z
      .array(z.strictObject({ name: text().min(1).max(255), value: text().max(4096) }))
      .max(100)
      .optional(),
    securityContext: jsonObject().optional(),
    settings: EmbedSessionSettings.optional(),
    branchName: BranchName.optional().meta({ description: "Default: the deployment's deploy branch." }),
    isEphemeral: z.boolean().optional().meta({
      description:
        'Default true: the user is forgotten a week after first use. False keeps them, within the tenant setting externalUsersLimit.',
    }),
    // Removed from the API (SPEC.md "Versioning"): declared so the 400 can say so.
    ephemeralTtlSeconds: z.unknown().optional().meta({
      description: 'Removed: sending it is a 400. Ephemeral users live a week.',
    }),
  })
  .superRefine((input, context) => {
    if ((input.externalId === undefined) === (input.internalId === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['externalId'],
        message:
          'send exactly one of externalId (a user of your application) and internalId (an account user)',
      });
    }
    if (input.ephemeralTtlSeconds !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['ephemeralTtlSeconds'],
        message: 'ephemeralTtlSeconds was removed from the session request: ephemeral users live a week',
      });
    }
  })
  .meta({ id: 'GenerateEmbedSessionInput' });

export type GenerateEmbedSessionInput = z.output<typeof GenerateEmbedSessionInput>;

export const EmbedSession = z
  .object({
    sessionId: z.string().meta({ description: '32 hex characters; exchange it within 10 minutes, once.' }),
  })
  .meta({ id: 'EmbedSession' });

export const EmbedSessionTokenInput = z
  .strictObject({ sessionId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be 32 hex characters' }) })
  .meta({ id: 'EmbedSessionTokenInput' });

export const EmbedToken = z
  .object({
    token: z.string().meta({ description: 'A JWT valid 24 hours: the embed page and the Chat API take it.' }),
  })
  .meta({ id: 'EmbedToken' });

export const EmbedTenant = z
  .object({
    name: z.string(),
    displayName: z.string().nullable(),
    userCount: z.int(),
    createdAt: Timestamp,
  })
  .meta({ id: 'EmbedTenant' });

export const EmbedTenantsListResponse = listOf(EmbedTenant, 'EmbedTenantsListResponse');

export const EmbedTenantParams = z.object({ embedTenantName: EmbedTenantName });

export const EmbedGroupParams = EmbedTenantParams.extend({ groupId: IdParam });

export const EmbedUser = z
  .object({
    externalId: z.string(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    groups: z.array(z.string()).meta({ description: "The names of the tenant's groups the user is in." }),
    createdAt: Timestamp,
    expiresAt: Timestamp.nullable().meta({ description: 'Null for a kept (non-ephemeral) user.' }),
  })
  .meta({ id: 'EmbedUser' });

export const EmbedUsersListResponse = listOf(EmbedUser, 'EmbedUsersListResponse');

export const EmbedGroup = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    userCount: z.int(),
    createdAt: Timestamp,
  })
  .meta({ id: 'EmbedGroup' });

export const EmbedGroupsListResponse = listOf(EmbedGroup, 'EmbedGroupsListResponse');

export const CreateEmbedGroupInput = EmbedGroupDefinition;

export const UpdateEmbedGroupInput = z
  .strictObject({ name: EmbedGroupName.optional(), description: text().max(2000).nullable().optional() })
  .meta({ id: 'UpdateEmbedGroupInput' });

export const EmbedGroupMembersInput = z
  .strictObject({ externalIds: z.array(EmbedExternalId).min(1).max(100) })
  .meta({ id: 'EmbedGroupMembersInput' });

export const ListEmbedPagingQuery = PagingQuery;

export const ListEmbedTenantsQuery = PagingQuery.extend({
  search: text().trim().min(1).max(200).optional().meta({ description: 'Part of the name or display name.' }),
});

export const EmbedDashboardSettings = z
  .object({ publicId: z.string(), allowEmbed: z.boolean() })
  .meta({ id: 'EmbedDashboardSettings' });

export const UpdateEmbedDashboardInput = z
  .strictObject({ allowEmbed: z.boolean() })
  .meta({ id: 'UpdateEmbedDashboardInput' });

export const embedAccessActions = ['read', 'none'] as const;
export const EmbedAccessAction = z.enum(embedAccessActions);
export type EmbedAccessAction = z.infer<typeof EmbedAccessAction>;

export const WorkbookEmbedAccessParams = DeploymentIdParams.extend({ workbookId: IdParam });

/**
 * One rule: for one tenant (`embedTenantName`), one of a tenant's groups (`embedTenantName` and
 * `groupId`), or every embed user (`allEmbedUsers: true`). `allowEmbed`, when sent, also switches the
 * workbook's dashboard.
 */
export const UpdateEmbedAccessInput = z
  .strictObject({
    embedTenantName: EmbedTenantName.optional(),
    allEmbedUsers: z.literal(true).optional(),
    groupId: EntityId.optional().meta({ description: 'A group of `embedTenantName`.' }),
    action: EmbedAccessAction,
    allowEmbed: z.boolean().optional(),
  })
  .superRefine((input, context) => {
    if ((input.embedTenantName === undefined) === (input.allEmbedUsers === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['embedTenantName'],
        message: 'send exactly one of embedTenantName and allEmbedUsers: true',
      });
    }
    if (input.groupId !== undefined && input.embedTenantName === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['groupId'],
        message: 'a group belongs to one tenant: send its embedTenantName with groupId',
      });
    }
  })
  .meta({ id: 'UpdateEmbedAccessInput' });

export type UpdateEmbedAccessInput = z.output<typeof UpdateEmbedAccessInput>;

export const EmbedAccess = z
  .object({
    allowEmbed: z.boolean(),
    allEmbedUsers: z.object({
      enabled: z.boolean().meta({ description: 'Whether a rule for every embed user exists.' }),
      action: EmbedAccessAction.nullable(),
      groupId: EntityId.nullable().meta({ description: 'Always null: groups belong to tenants.' }),
    }),
    tenants: z.array(
      z.object({ embedTenantName: z.string(), groupId: EntityId.nullable(), action: EmbedAccessAction }),
    ),
  })
  .meta({ id: 'EmbedAccess' });

export type EmbedAccess = z.infer<typeof EmbedAccess>;

/** The customer's own JWT (SPEC.md Authentication 2), exchanged for an embed token of the deployment. */
export const ExchangeEmbedPlatformTokenInput = z
  .strictObject({
    platformToken: z.string().trim().min(1).max(16_384).meta({
      description: "Your application's JWT (or an opaque token your custom check accepts).",
    }),
    deploymentId: EntityId.optional(),
    dashboardPublicId: DashboardPublicId.optional().meta({
      description: "A dashboard of the deployment: the embed page knows only the dashboard's publicId.",
    }),
  })
  .superRefine((input, context) => {
    if ((input.deploymentId === undefined) === (input.dashboardPublicId === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['deploymentId'],
        message: 'send exactly one of deploymentId and dashboardPublicId',
      });
    }
  })
  .meta({ id: 'ExchangeEmbedPlatformTokenInput' });

export type ExchangeEmbedPlatformTokenInput = z.output<typeof ExchangeEmbedPlatformTokenInput>;
