import type { ApiKey, User } from '@platform/contract';
import type { ApiKeyRow, UserRow } from './identity.tables.js';

/** Hosted clients read a first and a last name; this server keeps one name and splits it at its first space. */
function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  if (name === null) return { firstName: null, lastName: null };
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName || null, lastName: rest.length > 0 ? rest.join(' ') : null };
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    ...splitName(row.name),
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.tokenPrefix,
    userId: row.userId,
    role: row.role,
    deploymentIds: row.deploymentIds,
    canDownloadData: row.canDownloadData,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
