import * as z from 'zod';
import { roles } from '../rights/action.js';
import { IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { text } from './text.schema.js';

/**
 * Access policies of a model read a caller's groups by name, and the group named after a role as that
 * role: a user group may not take a role's name (in any case), or its members would read as that role.
 */
const reservedGroupNames: ReadonlySet<string> = new Set(roles);

export function isReservedGroupName(name: string): boolean {
  return reservedGroupNames.has(name.toLowerCase());
}

export const UserGroupName = text()
  .trim()
  .min(1)
  .max(200)
  .refine((name) => !isReservedGroupName(name), {
    error: `must not be a role's name (${roles.join(', ')}): access policies read those as the role`,
  })
  .meta({ description: 'Unique in the account; access policies of a model match it as `group: <name>`.' });

export const UserGroup = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    userCount: z.int().meta({ description: 'How many users the group holds.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'UserGroup' });

export type UserGroup = z.infer<typeof UserGroup>;

export const UserGroupsListResponse = listOf(UserGroup, 'UserGroupsListResponse');

export const ListUserGroupsQuery = PagingQuery.extend({
  search: text().trim().min(1).max(200).optional().meta({ description: 'Part of the name.' }),
});

export const UserGroupIdParams = z.object({ groupId: IdParam });

const Description = text().max(2000);

export const CreateUserGroupInput = z
  .object({ name: UserGroupName, description: Description.nullish() })
  .strict()
  .meta({ id: 'CreateUserGroupInput' });

export const UpdateUserGroupInput = z
  .object({ name: UserGroupName.optional(), description: Description.nullable().optional() })
  .strict()
  .meta({ id: 'UpdateUserGroupInput' });

/** The users to add to or remove from a group; all of the account, or nothing changes. */
export const UserGroupMembersInput = z
  .object({
    userIds: z
      .array(IdParam)
      .min(1)
      .max(100)
      .meta({ description: 'User ids (numbers, or digits in a string).' }),
  })
  .strict()
  .meta({ id: 'UserGroupMembersInput' });

export const ListUserGroupMembersQuery = PagingQuery;
