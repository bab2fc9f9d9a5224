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
  /** See, list and run the deployment's folders, workbooks and reports. */
  'ContentRead',
  /** Create, change and move content. */
  'ContentEdit',
  /** Delete content, change its sharing and its resource policies, whoever owns it. */
  'ContentManage',
  /** Change the account's tenant settings (locale, AI, embedding, sessions, SSO, app config). */
  'SettingsManage',
  /** Generate embed sessions and manage embed tenants, their groups and who may open embedded dashboards. */
  'EmbedManage',
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
    'ContentRead',
    'ContentEdit',
  ],
  viewer: ['DeploymentRead', 'SchemaRead', 'DownloadData', 'DataQuery', 'ContentRead'],
};

/** Roles ordered from least to most powerful, so a key can be limited to a role at or below its user's. */
export function isRoleAtMost(role: RoleName, ceiling: RoleName): boolean {
  return roles.indexOf(role) >= roles.indexOf(ceiling);
}
