import {
  DeviceAuthorizationDecision,
  DeviceAuthorizationDecisionInput,
} from '../../schemas/sign-in.schema.js';
import { defineOperation } from '../operation.js';

export const decideDeviceAuthorization = defineOperation({
  operationId: 'decideDeviceAuthorization',
  method: 'POST',
  path: '/auth/device/decision',
  tag: 'Auth',
  summary: 'Approve or deny a CLI sign-in (OAuth device authorization) by its user code',
  description:
    'The `/device` page calls it for the signed-in person. Approval lets the CLI polling `POST /auth/device/token` with that code receive tokens acting as the caller, with at most the rights of the credential that approved (its role, deployments and expiry). A code already answered, unknown or expired is a 404.',
  action: null,
  body: DeviceAuthorizationDecisionInput,
  response: DeviceAuthorizationDecision,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
