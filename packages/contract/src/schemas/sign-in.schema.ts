import * as z from 'zod';
import { text } from './text.schema.js';

export const DeviceAuthorizationDecisionInput = z
  .strictObject({
    userCode: text()
      .min(1)
      .max(20)
      .meta({ description: 'The code the CLI printed (`ABCD-EFGH`; any case, the dash optional).' }),
    decision: z.enum(['approve', 'deny']),
  })
  .meta({ id: 'DeviceAuthorizationDecisionInput' });

export const DeviceAuthorizationDecision = z
  .object({
    userCode: z.string(),
    clientId: z.string().meta({ description: 'The OAuth client that asked (`platform-cli`).' }),
    status: z.enum(['approved', 'denied']),
  })
  .meta({ id: 'DeviceAuthorizationDecision' });

export const SignInOptionsQuery = z.object({
  account: text()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "The account by name; default the first start's account, `default`." }),
});

export const SignInOptions = z
  .object({
    sso: z.object({
      enabled: z.boolean(),
      startUrl: z.string().nullable().meta({
        description: 'Where the sign-in page sends the browser to sign in with SSO; null when off.',
      }),
    }),
  })
  .meta({ id: 'SignInOptions' });
