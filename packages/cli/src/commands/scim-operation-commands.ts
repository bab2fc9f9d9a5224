import type { OperationId } from '@platform/contract';
import type { OperationCommand } from './operation-command.js';

type ScimOperationId = Extract<OperationId, `${string}Scim${string}`>;

/** The `platform scim …` commands of the SCIM 2.0 operations (docs/scim.md), one per operation. */
export const scimOperationCommands: { readonly [Id in ScimOperationId]: OperationCommand } = {
  listScimUsers: {
    command: 'scim users list',
    example: ['scim', 'users', 'list', '--filter', 'userName eq "ann@example.com"', '--count', '10'],
  },
  createScimUser: {
    command: 'scim users create',
    example: ['scim', 'users', 'create', '-d', '{"userName":"ann@example.com","active":true}'],
  },
  getScimUser: { command: 'scim users get', example: ['scim', 'users', 'get', '7'] },
  replaceScimUser: {
    command: 'scim users replace',
    example: ['scim', 'users', 'replace', '7', '-d', '{"userName":"ann@example.com"}'],
  },
  patchScimUser: {
    command: 'scim users patch',
    example: [
      'scim',
      'users',
      'patch',
      '7',
      '-d',
      '{"Operations":[{"op":"replace","path":"active","value":false}]}',
    ],
  },
  deleteScimUser: { command: 'scim users delete', example: ['scim', 'users', 'delete', '7'] },
  listScimGroups: {
    command: 'scim groups list',
    example: ['scim', 'groups', 'list', '--filter', 'displayName eq "sales"', '--start-index', '2'],
  },
  createScimGroup: {
    command: 'scim groups create',
    example: ['scim', 'groups', 'create', '-d', '{"displayName":"sales","members":[{"value":"7"}]}'],
  },
  getScimGroup: { command: 'scim groups get', example: ['scim', 'groups', 'get', '4'] },
  replaceScimGroup: {
    command: 'scim groups replace',
    example: ['scim', 'groups', 'replace', '4', '-d', '{"displayName":"sales","members":[]}'],
  },
  patchScimGroup: {
    command: 'scim groups patch',
    example: [
      'scim',
      'groups',
      'patch',
      '4',
      '-d',
      '{"Operations":[{"op":"remove","path":"members[value eq \\"7\\"]"}]}',
    ],
  },
  deleteScimGroup: { command: 'scim groups delete', example: ['scim', 'groups', 'delete', '4'] },
  getScimServiceProviderConfig: {
    command: 'scim service-provider-config',
    example: ['scim', 'service-provider-config'],
  },
  listScimResourceTypes: { command: 'scim resource-types', example: ['scim', 'resource-types'] },
  listScimSchemas: { command: 'scim schemas', example: ['scim', 'schemas'] },
};
