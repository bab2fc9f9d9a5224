import * as z from 'zod';
import { IdParam } from './common.schema.js';
import { ResourcePolicyAction } from './content.schema.js';

export const resourcePolicyResourceTypes = ['folder', 'workbook', 'report', 'dashboard'] as const;

/** Clients send the type in either case (`REPORT`, as the workspace's item types, or `report`). */
const lowerCased = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

export const ResourcePolicyResourceType = z.preprocess(lowerCased, z.enum(resourcePolicyResourceTypes)).meta({
  id: 'ResourcePolicyResourceType',
  description: 'What the policy is on; any case is accepted (`REPORT` is `report`), answers use lower case.',
});

export type ResourcePolicyResourceType = (typeof resourcePolicyResourceTypes)[number];

const ResourceId = IdParam.meta({
  description: 'The id of the folder, workbook, report or dashboard (a number, or digits in a string).',
});

export const ResourcePoliciesQuery = z.object({
  resourceType: ResourcePolicyResourceType,
  resourceId: ResourceId,
});

const GrantedAction = z
  .preprocess(lowerCased, ResourcePolicyAction.nullish())
  .meta({ description: 'What to grant; absent or null removes the grant.' });

export const SetUserResourcePolicyInput = z
  .object({
    resourceType: ResourcePolicyResourceType,
    resourceId: ResourceId,
    userId: IdParam,
    action: GrantedAction,
    /** A client that sends one body shape for both may send the other id as null. */
    groupId: z.null().optional(),
  })
  .strict()
  .meta({ id: 'SetUserResourcePolicyInput' });

export const SetGroupResourcePolicyInput = z
  .object({
    resourceType: ResourcePolicyResourceType,
    resourceId: ResourceId,
    groupId: IdParam,
    action: GrantedAction,
    userId: z.null().optional(),
  })
  .strict()
  .meta({ id: 'SetGroupResourcePolicyInput' });

/** The grants on one item itself (grants on the folders above it apply too, and are not repeated here). */
export const ResourcePolicies = z
  .object({
    resourceType: z.enum(resourcePolicyResourceTypes),
    resourceId: z.int(),
    users: z.array(
      z.object({
        userId: z.int(),
        email: z.string(),
        name: z.string().nullable(),
        action: ResourcePolicyAction,
      }),
    ),
    groups: z.array(z.object({ groupId: z.int(), name: z.string(), action: ResourcePolicyAction })),
  })
  .meta({ id: 'ResourcePolicies' });

export type ResourcePolicies = z.infer<typeof ResourcePolicies>;
