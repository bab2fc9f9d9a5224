import * as z from 'zod';
import { IdParam } from './common.schema.js';
import { EmailAddress } from './email.schema.js';
import { text } from './text.schema.js';
import { UserGroupName } from './user-group.schema.js';

/** The schema URNs of RFC 7643/7644 the SCIM endpoints read and write. */
export const scimSchemaUrns = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** SCIM's error body (RFC 7644 §3.12): what every `/api/scim/v2` operation answers an error with. */
export const ScimError = z
  .object({
    schemas: z.array(z.literal(scimSchemaUrns.error)),
    status: z.string().meta({ description: 'The HTTP status, as a string.' }),
    scimType: z
      .enum([
        'invalidFilter',
        'invalidSyntax',
        'invalidValue',
        'invalidPath',
        'noTarget',
        'uniqueness',
        'mutability',
      ])
      .optional(),
    detail: z.string(),
  })
  .meta({ id: 'ScimError' });

/** The most resources one list answers (ServiceProviderConfig `filter.maxResults`); a larger count is cut. */
export const scimMaximumResults = 1000;

/** SCIM booleans as identity providers send them: Azure AD sends `"True"`/`"False"` strings in PATCH. */
export const ScimBoolean = z.preprocess(
  (value) =>
    typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value,
  z.boolean(),
);

const SchemaUrns = z.array(text().max(200)).max(20);

const ExternalId = text().max(255).meta({ description: "The identity provider's own id of the resource." });

const ScimMeta = z.object({
  resourceType: z.string(),
  created: z.string(),
  lastModified: z.string(),
  location: z.string(),
});

const ScimName = z.object({
  givenName: z.string().optional(),
  familyName: z.string().optional(),
  formatted: z.string().optional(),
});

const ScimEmail = z.object({
  value: z.string(),
  type: z.string().optional(),
  primary: z.boolean().optional(),
});

const ScimReference = z.object({
  value: z.string(),
  display: z.string().optional(),
  $ref: z.string().optional(),
});

export const ScimUser = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    externalId: z.string().optional(),
    userName: z.string().meta({ description: "The user's e-mail, which they sign in with." }),
    name: ScimName,
    displayName: z.string().optional(),
    emails: z.array(ScimEmail),
    active: z.boolean().meta({ description: 'False: the user can neither sign in nor use their API keys.' }),
    meta: ScimMeta,
  })
  .meta({ id: 'ScimUser' });

export type ScimUser = z.infer<typeof ScimUser>;

export const ScimGroup = z
  .object({
    schemas: z.array(z.string()),
    id: z.string(),
    externalId: z.string().optional(),
    displayName: z.string(),
    members: z.array(ScimReference).optional(),
    meta: ScimMeta,
  })
  .meta({ id: 'ScimGroup' });

export type ScimGroup = z.infer<typeof ScimGroup>;

function scimListOf<Item extends z.ZodType>(item: Item, id: string) {
  return z
    .object({
      schemas: z.array(z.string()),
      totalResults: z.int(),
      startIndex: z.int(),
      itemsPerPage: z.int(),
      Resources: z.array(item),
    })
    .meta({ id });
}

export const ScimUsersListResponse = scimListOf(ScimUser, 'ScimUsersListResponse');
export const ScimGroupsListResponse = scimListOf(ScimGroup, 'ScimGroupsListResponse');

const NamePart = text().trim().max(100);

/** A user as identity providers send it; attributes of other schemas (extensions) are accepted and ignored. */
export const ScimUserInput = z
  .object({
    schemas: SchemaUrns.optional(),
    userName: EmailAddress.refine((value) => !value.includes('\u0000')).meta({
      description: 'The e-mail the user signs in with; unique in the account (409 `uniqueness`).',
    }),
    name: z
      .object({
        givenName: NamePart.optional(),
        familyName: NamePart.optional(),
        formatted: NamePart.optional(),
      })
      .loose()
      .optional(),
    displayName: text().trim().max(200).optional(),
    emails: z
      .array(
        z
          .object({ value: EmailAddress, type: text().max(50).optional(), primary: ScimBoolean.optional() })
          .loose(),
      )
      .max(20)
      .optional(),
    active: ScimBoolean.optional(),
    externalId: ExternalId.optional(),
  })
  .loose()
  .meta({ id: 'ScimUserInput' });

const MemberReference = z
  .object({
    value: text().max(20).meta({ description: 'The id of a user of the account.' }),
    display: text().max(400).optional(),
  })
  .loose();

export const ScimGroupInput = z
  .object({
    schemas: SchemaUrns.optional(),
    displayName: UserGroupName,
    externalId: ExternalId.optional(),
    members: z.array(MemberReference).max(10_000).optional(),
  })
  .loose()
  .meta({ id: 'ScimGroupInput' });

/** A PATCH of RFC 7644 §3.5.2; `op` in any case, as Azure AD sends `Replace`. */
export const ScimPatchInput = z
  .object({
    schemas: SchemaUrns.optional(),
    Operations: z
      .array(
        z
          .object({
            op: z.preprocess(
              (value) => (typeof value === 'string' ? value.toLowerCase() : value),
              z.enum(['add', 'remove', 'replace']),
            ),
            path: text().max(500).optional(),
            value: z.unknown().optional(),
          })
          .loose(),
      )
      .min(1)
      .max(1000),
  })
  .loose()
  .meta({ id: 'ScimPatchInput' });

export type ScimPatchOperation = z.output<typeof ScimPatchInput>['Operations'][number];

const excludedAttributes = text()
  .max(1000)
  .optional()
  .meta({ description: '`members` leaves the members out of groups (as Azure AD asks).' });

/** What a read of one resource takes: `attributes` is accepted and every attribute is returned. */
export const ScimResourceQuery = z.object({ attributes: text().max(1000).optional(), excludedAttributes });

export const ScimListQuery = z.object({
  filter: text().max(1000).optional().meta({
    description:
      '`userName eq "…"`, `externalId eq "…"`, `emails.value eq "…"` (users) or `displayName eq "…"`, `externalId eq "…"` (groups).',
  }),
  startIndex: z.coerce.number().int().optional().meta({ description: '1-based; below 1 reads as 1.' }),
  count: z.coerce
    .number()
    .int()
    .optional()
    .meta({ description: `Resources per page (default and at most ${scimMaximumResults}).` }),
  attributes: text().max(1000).optional(),
  excludedAttributes,
});

export const ScimUserIdParams = z.object({ userId: IdParam });
export const ScimGroupIdParams = z.object({ groupId: IdParam });

/** A discovery document (RFC 7643 §5–7): read as JSON, its attributes as the RFC defines them. */
const DiscoveryDocument = z.record(z.string(), z.unknown());

export const ScimServiceProviderConfig = DiscoveryDocument.meta({ id: 'ScimServiceProviderConfig' });
export const ScimDiscoveryListResponse = scimListOf(DiscoveryDocument, 'ScimDiscoveryListResponse');
