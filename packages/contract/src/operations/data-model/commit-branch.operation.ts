import { CommitBranchInput, CommitBranchResponse } from '../../schemas/branch.schema.js';
import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { defineOperation } from '../operation.js';

export const commitBranch = defineOperation({
  operationId: 'commitBranch',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/commit',
  tag: 'DataModel',
  summary: "Record a named commit on the caller's dev-mode branch and build it",
  description: 'Writes are already commits; this one marks a point with a message and triggers a build.',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: CommitBranchInput,
  isBodyRequired: false,
  response: CommitBranchResponse,
  errors: ['NOT_FOUND', 'upsert_branch_changed'],
});
