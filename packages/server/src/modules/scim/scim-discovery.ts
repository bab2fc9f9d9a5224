import { scimMaximumResults, scimSchemaUrns } from '@platform/contract';

/** What RFC 7643 §7 says of one attribute, with the defaults most attributes share. */
function attribute(name: string, options: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    type: 'string',
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...options,
  };
}

const userAttributes = [
  attribute('userName', {
    required: true,
    uniqueness: 'server',
    description: 'The e-mail the user signs in with; unique in the account.',
  }),
  attribute('name', {
    type: 'complex',
    subAttributes: [
      attribute('givenName'),
      attribute('familyName'),
      attribute('formatted', { mutability: 'readOnly' }),
    ],
  }),
  attribute('displayName'),
  attribute('emails', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: 'The userName, as the one primary work e-mail.',
    subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
  }),
  attribute('active', {
    type: 'boolean',
    description: 'False: the user can neither sign in nor use their API keys.',
  }),
  attribute('externalId', { caseExact: true }),
];

const groupAttributes = [
  attribute('displayName', { required: true, uniqueness: 'server' }),
  attribute('externalId', { caseExact: true }),
  attribute('members', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', { mutability: 'immutable', description: 'The id of a user of the account.' }),
      attribute('display', { mutability: 'readOnly' }),
      attribute('$ref', { type: 'reference', referenceTypes: ['User'], mutability: 'readOnly' }),
    ],
  }),
];

function listResponse(resources: Record<string, unknown>[]) {
  return {
    schemas: [scimSchemaUrns.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** The discovery endpoints of RFC 7644 §4, which describe the service to an identity provider. */
export function scimDiscovery(publicUrl: () => string) {
  const baseOf = () => `${publicUrl()}/api/scim/v2`;
  return {
    serviceProviderConfig(): Record<string, unknown> {
      const base = baseOf();
      return {
        schemas: [scimSchemaUrns.serviceProviderConfig],
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: scimMaximumResults },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [
          {
            type: 'oauthbearertoken',
            name: 'API key',
            description: 'An API key of a user with the UsersManage right, as "Authorization: Bearer <key>".',
            primary: true,
          },
        ],
        meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
      };
    },
    resourceTypes() {
      const base = baseOf();
      return listResponse([
        {
          schemas: [scimSchemaUrns.resourceType],
          id: 'User',
          name: 'User',
          endpoint: '/Users',
          schema: scimSchemaUrns.user,
          meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
        },
        {
          schemas: [scimSchemaUrns.resourceType],
          id: 'Group',
          name: 'Group',
          endpoint: '/Groups',
          schema: scimSchemaUrns.group,
          meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
        },
      ]);
    },
    schemas() {
      const base = baseOf();
      return listResponse([
        {
          schemas: [scimSchemaUrns.schema],
          id: scimSchemaUrns.user,
          name: 'User',
          description: 'A user of the account',
          attributes: userAttributes,
          meta: { resourceType: 'Schema', location: `${base}/Schemas/${scimSchemaUrns.user}` },
        },
        {
          schemas: [scimSchemaUrns.schema],
          id: scimSchemaUrns.group,
          name: 'Group',
          description: 'A user group of the account',
          attributes: groupAttributes,
          meta: { resourceType: 'Schema', location: `${base}/Schemas/${scimSchemaUrns.group}` },
        },
      ]);
    },
  };
}

export type ScimDiscovery = ReturnType<typeof scimDiscovery>;
