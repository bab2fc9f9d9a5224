import { createApiKey } from './api-keys/create-api-key.operation.js';
import { deleteApiKey } from './api-keys/delete-api-key.operation.js';
import { getApiKey } from './api-keys/get-api-key.operation.js';
import { listApiKeys } from './api-keys/list-api-keys.operation.js';
import { getOpenApiSpec } from './system/get-openapi-spec.operation.js';
import { bulkUpdateUsers } from './users/bulk-update-users.operation.js';
import { createUser } from './users/create-user.operation.js';
import { deleteUser } from './users/delete-user.operation.js';
import { getCurrentUser } from './users/get-current-user.operation.js';
import { getUser } from './users/get-user.operation.js';
import { listUsers } from './users/list-users.operation.js';
import { updateUser } from './users/update-user.operation.js';

/** Every operation of the management and build APIs, keyed by operationId. */
export const operations = {
  getOpenApiSpec,
  getCurrentUser,
  listUsers,
  getUser,
  createUser,
  updateUser,
  deleteUser,
  bulkUpdateUsers,
  listApiKeys,
  createApiKey,
  getApiKey,
  deleteApiKey,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
