/**
 * Rights are named actions. A role is a set of actions; groups and per-resource policies grant more
 * actions later through the same `authorize(actor, action, resource)` check.
 */
export const actions = [
  'DeploymentRead',
  'DeploymentManage',
  'SchemaRead',
  'SchemaUpdate',
  'SchemaUpdateDevBranches',
  'SecretsManage',
  'DownloadData',
  'UsersManage',
  /** Query a deployment's data API (load, meta, sql, SQL interface) with a management credential. */
  'DataQuery',
] as const;

export type Action = (typeof actions)[number];

export const roles = ['admin', 'developer', 'viewer'] as const;

export type RoleName = (typeof roles)[number];

export const actionsOfRole: Record<RoleName, readonly Action[]> = {
  admin: actions,
  developer: [
    'DeploymentRead',
    'DeploymentManage',
    'SchemaRead',
    'SchemaUpdate',
    'SchemaUpdateDevBranches',
    'DownloadData',
    'DataQuery',
  ],
  viewer: ['DeploymentRead', 'SchemaRead', 'DownloadData', 'DataQuery'],
};

/** Roles ordered from least to most powerful, so a key can be limited to a role at or below its user's. */
export function isRoleAtMost(role: RoleName, ceiling: RoleName): boolean {
  return roles.indexOf(role) >= roles.indexOf(ceiling);
}
