import * as z from 'zod';
import { IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';

export const userAttributeTypes = ['string', 'number', 'boolean', 'string_array', 'number_array'] as const;
export const UserAttributeType = z.enum(userAttributeTypes).meta({ id: 'UserAttributeType' });

export const UserAttributeName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must match ^[a-z][a-z0-9_]{0,62}$');

export const UserAttributeValue = z
  .union([
    z.string().max(1000),
    z.number(),
    z.boolean(),
    z.array(z.string().max(1000)).max(100),
    z.array(z.number()).max(100),
  ])
  .meta({ id: 'UserAttributeValue' });

export type UserAttributeValue = z.infer<typeof UserAttributeValue>;

export type UserAttributeTypeName = (typeof userAttributeTypes)[number];

/** Whether a value is one of the attribute's type (an empty list fits both list types). */
export function isValueOfAttributeType(value: UserAttributeValue, type: UserAttributeTypeName): boolean {
  if (type === 'string_array' || type === 'number_array') {
    const itemType = type === 'string_array' ? 'string' : 'number';
    return Array.isArray(value) && value.every((item) => typeof item === itemType);
  }
  return typeof value === type;
}

/** An attribute the account defines for its users; chat sessions may only set defined names. */
export const UserAttribute = z
  .object({
    id: z.int(),
    name: z.string(),
    type: UserAttributeType,
    displayName: z.string().nullable(),
    description: z.string().nullable(),
    defaultValue: UserAttributeValue.nullable().meta({ description: 'A value of the type; null when none.' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'UserAttribute' });

export type UserAttribute = z.infer<typeof UserAttribute>;

export const UserAttributesListResponse = listOf(UserAttribute, 'UserAttributesListResponse');

export const CreateUserAttributeInput = z
  .object({
    name: UserAttributeName.meta({ description: 'Exposed to access policies as `userAttributes.<name>`.' }),
    type: UserAttributeType.default('string'),
    displayName: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    defaultValue: UserAttributeValue.optional(),
  })
  .strict()
  .refine(
    (input) => input.defaultValue === undefined || isValueOfAttributeType(input.defaultValue, input.type),
    { message: 'defaultValue must be a value of the type', path: ['defaultValue'] },
  )
  .meta({ id: 'CreateUserAttributeInput' });

export const ListUserAttributesQuery = PagingQuery.extend({
  name: z.string().min(1).max(100).optional().meta({ description: 'Only the attribute of this name.' }),
  type: UserAttributeType.optional(),
});

export const UserAttributeIdParams = z.object({ attributeId: IdParam });

const fixedFields: ReadonlySet<string> = new Set(['name', 'type']);

/** Label, description and default may change; the name (policies read it) and the type stay. */
export const UpdateUserAttributeInput = z
  .strictObject(
    {
      displayName: z.string().trim().min(1).max(200).nullable().optional(),
      description: z.string().max(2000).nullable().optional(),
      defaultValue: UserAttributeValue.nullable()
        .optional()
        .meta({ description: 'A value of the type; null removes the default.' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' && issue.keys.some((key) => fixedFields.has(key))
          ? 'the name and type of a user attribute cannot change: define another attribute instead'
          : undefined,
    },
  )
  .meta({ id: 'UpdateUserAttributeInput' });

/** One attribute as it applies to one user: their own value, else the attribute's default. */
export const UserAttributeValueItem = z
  .object({
    userAttributeId: z.int(),
    name: z.string(),
    type: UserAttributeType,
    value: UserAttributeValue.nullable().meta({
      description: 'null when neither the user nor a default sets one.',
    }),
    isDefault: z.boolean().meta({ description: 'Whether `value` is the default (the user has no value).' }),
  })
  .meta({ id: 'UserAttributeValueItem' });

export type UserAttributeValueItem = z.infer<typeof UserAttributeValueItem>;

export const UserAttributeValuesResponse = z
  .object({ items: z.array(UserAttributeValueItem) })
  .meta({ id: 'UserAttributeValuesResponse' });

export const UserAttributeValuesParams = z.object({ userId: IdParam });

/** Ids may be digits in a string, as the hosted CLI sends them; no `value` (or null) clears it. */
export const SetUserAttributeValueInput = z
  .object({
    userId: IdParam,
    userAttributeId: IdParam,
    value: UserAttributeValue.nullish().meta({
      description: "A value of the attribute's type; absent or null removes the user's value.",
    }),
  })
  .strict()
  .meta({ id: 'SetUserAttributeValueInput' });
