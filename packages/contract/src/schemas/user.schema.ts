import * as z from 'zod';
import { roles } from '../rights/action.js';
import { EntityId, IdParam, ItemFailure, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { EmailAddress } from './email.schema.js';
import { text } from './text.schema.js';

export const Role = z.enum(roles).meta({ id: 'Role', description: 'admin ⊃ developer ⊃ viewer.' });

export type Role = z.infer<typeof Role>;

export const UserStatus = z.enum(['active', 'inactive']).meta({ id: 'UserStatus' });

export const User = z
  .object({
    id: z.int(),
    email: z.string(),
    name: z.string().nullable(),
    firstName: z
      .string()
      .nullable()
      .meta({ description: 'The first word of `name` (hosted clients read it).' }),
    lastName: z.string().nullable().meta({ description: 'The rest of `name` after its first word.' }),
    role: Role,
    status: UserStatus,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'User' });

export type User = z.infer<typeof User>;

export const CurrentUser = User.extend({
  username: z.string().meta({ description: 'The name the user signs in with: their e-mail.' }),
  isAdmin: z.boolean().meta({ description: 'Whether this credential acts with the admin role.' }),
  account: z.object({ id: z.int(), name: z.string() }),
  credential: z.object({
    type: z.literal('api-key'),
    id: z.int(),
    role: Role.meta({ description: 'The effective role of this credential.' }),
    deploymentIds: z.array(z.int()).nullable(),
  }),
  actions: z.array(z.string()).meta({ description: 'The rights this credential has.' }),
}).meta({ id: 'CurrentUser' });

export const UserIdParams = z.object({ userId: IdParam });

const Email = EmailAddress.transform((email) => email.toLowerCase());

export const CreateUserInput = z
  .object({
    email: Email,
    name: text().trim().min(1).max(200).nullish(),
    role: Role.default('viewer'),
  })
  .strict()
  .meta({ id: 'CreateUserInput' });

export const UpdateUserInput = z
  .object({
    name: text().trim().min(1).max(200).nullable().optional(),
    role: Role.optional(),
    status: UserStatus.optional(),
  })
  .strict()
  .meta({ id: 'UpdateUserInput' });

export const ListUsersQuery = PagingQuery.extend({
  status: UserStatus.optional(),
  role: Role.optional(),
  search: text().trim().min(1).max(200).optional().meta({ description: 'Part of the e-mail or name.' }),
});

export const UsersListResponse = listOf(User, 'UsersListResponse');

export const BulkUserAction = z.enum(['DEACTIVATE', 'ACTIVATE', 'DELETE']).meta({ id: 'BulkUserAction' });

export const BulkUsersInput = z
  .object({
    action: BulkUserAction,
    userIds: z.array(EntityId).min(1).max(100),
  })
  .strict()
  .meta({ id: 'BulkUsersInput' });

export const BulkUsersResponse = z
  .object({
    action: BulkUserAction,
    succeeded: z.array(z.int()),
    failed: z.array(ItemFailure),
  })
  .meta({ id: 'BulkUsersResponse' });
