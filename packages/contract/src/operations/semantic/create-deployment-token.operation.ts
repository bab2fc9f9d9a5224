import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { CreateDeploymentTokenInput, DeploymentTokenResponse } from '../../schemas/data-api.schema.js';
import { defineOperation } from '../operation.js';

export const createDeploymentToken = defineOperation({
  operationId: 'createDeploymentToken',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/token',
  tag: 'DataApi',
  summary: "A token for the deployment's data API, carrying a security context",
  description:
    "The token (a JWT) opens only this deployment's data API, until it expires; access policies read its `securityContext` and `groups`. Needs DeploymentManage, since the caller chooses the security context; a group named after a role (policies read API keys as their role's group) may not be above the caller's role (403).",
  action: 'DeploymentManage',
  params: DeploymentIdParams,
  body: CreateDeploymentTokenInput,
  isBodyRequired: false,
  response: DeploymentTokenResponse,
  errors: ['NOT_FOUND'],
});
