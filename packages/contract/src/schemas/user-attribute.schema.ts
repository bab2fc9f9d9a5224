import * as z from 'zod';
import { IdParam, Timestamp } from './common.schema.js';

export const userAttributeTypes = ['string', 'number', 'boolean', 'string_array', 'number_array'] as const;
export const UserAttributeType = z.enum(userAttributeTypes).meta({ id: 'UserAttributeType' });

export const UserAttributeName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must match ^[a-z][a-z0-9_]{0,62}$');

/** An attribute the account defines for its users; chat sessions may only set defined names. */
export const UserAttribute = z
  .object({
    id: z.int(),
    name: z.string(),
    type: UserAttributeType,
    createdAt: Timestamp,
  })
  .meta({ id: 'UserAttribute' });

export type UserAttribute = z.infer<typeof UserAttribute>;

export const UserAttributesListResponse = z
  .object({ items: z.array(UserAttribute) })
  .meta({ id: 'UserAttributesListResponse' });

export const CreateUserAttributeInput = z
  .object({
    name: UserAttributeName.meta({ description: 'Exposed to access policies as `userAttributes.<name>`.' }),
    type: UserAttributeType.default('string'),
  })
  .strict()
  .meta({ id: 'CreateUserAttributeInput' });

export const UserAttributeIdParams = z.object({ attributeId: IdParam });
