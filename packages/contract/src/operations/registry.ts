import { createAgent } from './agents/create-agent.operation.js';
import { createAgentApiKey } from './agents/create-agent-api-key.operation.js';
import { deleteAgent } from './agents/delete-agent.operation.js';
import { deleteAgentApiKey } from './agents/delete-agent-api-key.operation.js';
import { getAgent } from './agents/get-agent.operation.js';
import { getChatAuthSettings } from './agents/get-chat-auth-settings.operation.js';
import { listAgentApiKeys } from './agents/list-agent-api-keys.operation.js';
import { listAgents } from './agents/list-agents.operation.js';
import { updateAgent } from './agents/update-agent.operation.js';
import { updateChatAuthSettings } from './agents/update-chat-auth-settings.operation.js';
import { createApiKey } from './api-keys/create-api-key.operation.js';
import { deleteApiKey } from './api-keys/delete-api-key.operation.js';
import { getApiKey } from './api-keys/get-api-key.operation.js';
import { listApiKeys } from './api-keys/list-api-keys.operation.js';
import { decideDeviceAuthorization } from './auth/decide-device-authorization.operation.js';
import { getSignInOptions } from './auth/get-sign-in-options.operation.js';
import { signIn } from './auth/sign-in.operation.js';
import { signOut } from './auth/sign-out.operation.js';
import { getDashboard } from './dashboards/get-dashboard.operation.js';
import { getDashboardByPublicId } from './dashboards/get-dashboard-by-public-id.operation.js';
import { getDashboardWidgetThread } from './dashboards/get-dashboard-widget-thread.operation.js';
import { listDashboardVersions } from './dashboards/list-dashboard-versions.operation.js';
import { listDashboards } from './dashboards/list-dashboards.operation.js';
import { runDashboardPython } from './dashboards/run-dashboard-python.operation.js';
import { runDashboardWidget } from './dashboards/run-dashboard-widget.operation.js';
import { streamDashboardWidgetChat } from './dashboards/stream-dashboard-widget-chat.operation.js';
import { updateDashboard } from './dashboards/update-dashboard.operation.js';
import { commitBranch } from './data-model/commit-branch.operation.js';
import { connectGithub } from './data-model/connect-github.operation.js';
import { createBranch } from './data-model/create-branch.operation.js';
import { deleteBranch } from './data-model/delete-branch.operation.js';
import { deleteDataModelFiles } from './data-model/delete-data-model-files.operation.js';
import { finishUpload } from './data-model/finish-upload.operation.js';
import { getDataModelFileHashes } from './data-model/get-data-model-file-hashes.operation.js';
import { listBranches } from './data-model/list-branches.operation.js';
import { listDataModelFiles } from './data-model/list-data-model-files.operation.js';
import { mergeBranch } from './data-model/merge-branch.operation.js';
import { mergeToDefault } from './data-model/merge-to-default.operation.js';
import { pullBranch } from './data-model/pull-branch.operation.js';
import { renameDataModelFiles } from './data-model/rename-data-model-files.operation.js';
import { setStagingEnvironment } from './data-model/set-staging-environment.operation.js';
import { startDevMode } from './data-model/start-dev-mode.operation.js';
import { startUpload } from './data-model/start-upload.operation.js';
import { stopDevMode } from './data-model/stop-dev-mode.operation.js';
import { uploadFile } from './data-model/upload-file.operation.js';
import { validateDataModel } from './data-model/validate-data-model.operation.js';
import { validateUpload } from './data-model/validate-upload.operation.js';
import { writeDataModelFiles } from './data-model/write-data-model-files.operation.js';
import { cancelDbtSync } from './dbt-sync/cancel-dbt-sync.operation.js';
import { connectDbtRepository } from './dbt-sync/connect-dbt-repository.operation.js';
import { disconnectDbtRepository } from './dbt-sync/disconnect-dbt-repository.operation.js';
import { getDbtRepository } from './dbt-sync/get-dbt-repository.operation.js';
import { getDbtSyncLogs } from './dbt-sync/get-dbt-sync-logs.operation.js';
import { getDbtSyncResult } from './dbt-sync/get-dbt-sync-result.operation.js';
import { getDbtSyncStatus } from './dbt-sync/get-dbt-sync-status.operation.js';
import { listDbtSyncs } from './dbt-sync/list-dbt-syncs.operation.js';
import { receiveDbtWebhook } from './dbt-sync/receive-dbt-webhook.operation.js';
import { startDbtSync } from './dbt-sync/start-dbt-sync.operation.js';
import { advanceCreationStep } from './deployments/advance-creation-step.operation.js';
import { createDeployment } from './deployments/create-deployment.operation.js';
import { deleteDeployment } from './deployments/delete-deployment.operation.js';
import { getBuildStatus } from './deployments/get-build-status.operation.js';
import { getDeployment } from './deployments/get-deployment.operation.js';
import { getDeploymentSettings } from './deployments/get-deployment-settings.operation.js';
import { listDeploymentLogs } from './deployments/list-deployment-logs.operation.js';
import { listDeploymentPods } from './deployments/list-deployment-pods.operation.js';
import { listDeploymentVersions } from './deployments/list-deployment-versions.operation.js';
import { listDeployments } from './deployments/list-deployments.operation.js';
import { listEnvVars } from './deployments/list-env-vars.operation.js';
import { listRegions } from './deployments/list-regions.operation.js';
import { resetCreationStep } from './deployments/reset-creation-step.operation.js';
import { setEnvVars } from './deployments/set-env-vars.operation.js';
import { updateDeployment } from './deployments/update-deployment.operation.js';
import { addEmbedGroupUsers } from './embed/add-embed-group-users.operation.js';
import { createEmbedGroup } from './embed/create-embed-group.operation.js';
import { deleteEmbedGroup } from './embed/delete-embed-group.operation.js';
import { deleteEmbedTenant } from './embed/delete-embed-tenant.operation.js';
import { exchangeEmbedPlatformToken } from './embed/exchange-embed-platform-token.operation.js';
import { exchangeEmbedSessionToken } from './embed/exchange-embed-session-token.operation.js';
import { generateEmbedSession } from './embed/generate-embed-session.operation.js';
import { getEmbedDashboard } from './embed/get-embed-dashboard.operation.js';
import { getEmbedGroup } from './embed/get-embed-group.operation.js';
import { getWorkbookEmbedAccess } from './embed/get-workbook-embed-access.operation.js';
import { listEmbedGroupUsers } from './embed/list-embed-group-users.operation.js';
import { listEmbedGroups } from './embed/list-embed-groups.operation.js';
import { listEmbedTenantUsers } from './embed/list-embed-tenant-users.operation.js';
import { listEmbedTenants } from './embed/list-embed-tenants.operation.js';
import { removeEmbedGroupUsers } from './embed/remove-embed-group-users.operation.js';
import { updateEmbedDashboard } from './embed/update-embed-dashboard.operation.js';
import { updateEmbedGroup } from './embed/update-embed-group.operation.js';
import { updateWorkbookEmbedAccess } from './embed/update-workbook-embed-access.operation.js';
import { createEnvironmentMetaSyncToken } from './environments/create-environment-meta-sync-token.operation.js';
import { createEnvironmentToken } from './environments/create-environment-token.operation.js';
import { listEnvironmentTokens } from './environments/list-environment-tokens.operation.js';
import { listEnvironments } from './environments/list-environments.operation.js';
import { createFolder } from './folders/create-folder.operation.js';
import { deleteFolder } from './folders/delete-folder.operation.js';
import { getFolder } from './folders/get-folder.operation.js';
import { getFolderAncestors } from './folders/get-folder-ancestors.operation.js';
import { listFolders } from './folders/list-folders.operation.js';
import { updateFolder } from './folders/update-folder.operation.js';
import { getGithubStatus } from './github/get-github-status.operation.js';
import { listGithubBranches } from './github/list-github-branches.operation.js';
import { listGithubInstallations } from './github/list-github-installations.operation.js';
import { listGithubRepositories } from './github/list-github-repositories.operation.js';
import { addNotificationRecipients } from './notifications/add-notification-recipients.operation.js';
import { createNotification } from './notifications/create-notification.operation.js';
import { deleteNotification } from './notifications/delete-notification.operation.js';
import { getNotification } from './notifications/get-notification.operation.js';
import { getNotificationUnsubscribePage } from './notifications/get-notification-unsubscribe-page.operation.js';
import { listAccountNotifications } from './notifications/list-account-notifications.operation.js';
import { listNotificationDeliveries } from './notifications/list-notification-deliveries.operation.js';
import { listNotificationRecipients } from './notifications/list-notification-recipients.operation.js';
import { listNotifications } from './notifications/list-notifications.operation.js';
import { removeNotificationRecipients } from './notifications/remove-notification-recipients.operation.js';
import { sendNotification } from './notifications/send-notification.operation.js';
import { unsubscribeNotificationRecipient } from './notifications/unsubscribe-notification-recipient.operation.js';
import { updateNotification } from './notifications/update-notification.operation.js';
import { createOAuthIntegration } from './oauth-integrations/create-oauth-integration.operation.js';
import { deleteOAuthIntegration } from './oauth-integrations/delete-oauth-integration.operation.js';
import { getOAuthIntegration } from './oauth-integrations/get-oauth-integration.operation.js';
import { listOAuthIntegrations } from './oauth-integrations/list-oauth-integrations.operation.js';
import { updateOAuthIntegration } from './oauth-integrations/update-oauth-integration.operation.js';
import { connectReportToWorkbook } from './reports/connect-report-to-workbook.operation.js';
import { createReport } from './reports/create-report.operation.js';
import { deleteReport } from './reports/delete-report.operation.js';
import { getReport } from './reports/get-report.operation.js';
import { listReportFolders } from './reports/list-report-folders.operation.js';
import { listReports } from './reports/list-reports.operation.js';
import { refreshReport } from './reports/refresh-report.operation.js';
import { runReport } from './reports/run-report.operation.js';
import { updateReport } from './reports/update-report.operation.js';
import { upsertReportByPublicId } from './reports/upsert-report-by-public-id.operation.js';
import { getResourcePolicies } from './resource-policies/get-resource-policies.operation.js';
import { setGroupResourcePolicy } from './resource-policies/set-group-resource-policy.operation.js';
import { setUserResourcePolicy } from './resource-policies/set-user-resource-policy.operation.js';
import { createScimGroup } from './scim/create-scim-group.operation.js';
import { createScimUser } from './scim/create-scim-user.operation.js';
import { deleteScimGroup } from './scim/delete-scim-group.operation.js';
import { deleteScimUser } from './scim/delete-scim-user.operation.js';
import { getScimGroup } from './scim/get-scim-group.operation.js';
import { getScimServiceProviderConfig } from './scim/get-scim-service-provider-config.operation.js';
import { getScimUser } from './scim/get-scim-user.operation.js';
import { listScimGroups } from './scim/list-scim-groups.operation.js';
import { listScimResourceTypes } from './scim/list-scim-resource-types.operation.js';
import { listScimSchemas } from './scim/list-scim-schemas.operation.js';
import { listScimUsers } from './scim/list-scim-users.operation.js';
import { patchScimGroup } from './scim/patch-scim-group.operation.js';
import { patchScimUser } from './scim/patch-scim-user.operation.js';
import { replaceScimGroup } from './scim/replace-scim-group.operation.js';
import { replaceScimUser } from './scim/replace-scim-user.operation.js';
import { createDeploymentToken } from './semantic/create-deployment-token.operation.js';
import { dryRunQuery } from './semantic/dry-run-query.operation.js';
import { generateQuerySql } from './semantic/generate-query-sql.operation.js';
import { getModelMetadata } from './semantic/get-model-metadata.operation.js';
import { getQuerySql } from './semantic/get-query-sql.operation.js';
import { loadQuery } from './semantic/load-query.operation.js';
import { postDryRunQuery } from './semantic/post-dry-run-query.operation.js';
import { postLoadQuery } from './semantic/post-load-query.operation.js';
import { runModelSql } from './semantic/run-model-sql.operation.js';
import { getOpenApiSpec } from './system/get-openapi-spec.operation.js';
import { getAppConfig } from './tenant/get-app-config.operation.js';
import { getAppTheme } from './tenant/get-app-theme.operation.js';
import { getEmbedTheme } from './tenant/get-embed-theme.operation.js';
import { getTenantSettings } from './tenant/get-tenant-settings.operation.js';
import { updateTenantSettings } from './tenant/update-tenant-settings.operation.js';
import { createUserAttribute } from './user-attributes/create-user-attribute.operation.js';
import { deleteUserAttribute } from './user-attributes/delete-user-attribute.operation.js';
import { getUserAttribute } from './user-attributes/get-user-attribute.operation.js';
import { getUserAttributeValues } from './user-attributes/get-user-attribute-values.operation.js';
import { listUserAttributes } from './user-attributes/list-user-attributes.operation.js';
import { setUserAttributeValue } from './user-attributes/set-user-attribute-value.operation.js';
import { updateUserAttribute } from './user-attributes/update-user-attribute.operation.js';
import { addUserGroupMembers } from './user-groups/add-user-group-members.operation.js';
import { createUserGroup } from './user-groups/create-user-group.operation.js';
import { deleteGroup } from './user-groups/delete-group.operation.js';
import { deleteUserGroup } from './user-groups/delete-user-group.operation.js';
import { getUserGroup } from './user-groups/get-user-group.operation.js';
import { listUserGroupMembers } from './user-groups/list-user-group-members.operation.js';
import { listUserGroups } from './user-groups/list-user-groups.operation.js';
import { removeUserGroupMembers } from './user-groups/remove-user-group-members.operation.js';
import { updateUserGroup } from './user-groups/update-user-group.operation.js';
import { completeOAuthCallback } from './user-oauth-tokens/complete-oauth-callback.operation.js';
import { deleteUserOAuthToken } from './user-oauth-tokens/delete-user-oauth-token.operation.js';
import { getUserOAuthToken } from './user-oauth-tokens/get-user-oauth-token.operation.js';
import { initiateUserOAuthToken } from './user-oauth-tokens/initiate-user-oauth-token.operation.js';
import { listUserOAuthTokens } from './user-oauth-tokens/list-user-oauth-tokens.operation.js';
import { bulkUpdateUsers } from './users/bulk-update-users.operation.js';
import { createUser } from './users/create-user.operation.js';
import { deleteUser } from './users/delete-user.operation.js';
import { getCurrentUser } from './users/get-current-user.operation.js';
import { getUser } from './users/get-user.operation.js';
import { listUsers } from './users/list-users.operation.js';
import { updateUser } from './users/update-user.operation.js';
import { createWorkbook } from './workbooks/create-workbook.operation.js';
import { deleteWorkbook } from './workbooks/delete-workbook.operation.js';
import { duplicateWorkbook } from './workbooks/duplicate-workbook.operation.js';
import { getWorkbook } from './workbooks/get-workbook.operation.js';
import { listWorkbooks } from './workbooks/list-workbooks.operation.js';
import { publishDashboard } from './workbooks/publish-dashboard.operation.js';
import { updatePublishedAiWidgetThread } from './workbooks/update-published-ai-widget-thread.operation.js';
import { updateWorkbook } from './workbooks/update-workbook.operation.js';
import { updateWorkbookDashboard } from './workbooks/update-workbook-dashboard.operation.js';
import { upsertWorkbookBySlug } from './workbooks/upsert-workbook-by-slug.operation.js';
import { createOidcToken } from './workload-identity/create-oidc-token.operation.js';
import { createOidcTokenConfig } from './workload-identity/create-oidc-token-config.operation.js';
import { deleteOidcTokenConfig } from './workload-identity/delete-oidc-token-config.operation.js';
import { getOidcJwks } from './workload-identity/get-oidc-jwks.operation.js';
import { getOidcTokenConfig } from './workload-identity/get-oidc-token-config.operation.js';
import { getOpenIdConfiguration } from './workload-identity/get-openid-configuration.operation.js';
import { listOidcTokenConfigs } from './workload-identity/list-oidc-token-configs.operation.js';
import { rotateOidcSigningKey } from './workload-identity/rotate-oidc-signing-key.operation.js';
import { updateOidcTokenConfig } from './workload-identity/update-oidc-token-config.operation.js';
import { bulkDeleteWorkspaceItems } from './workspace/bulk-delete-workspace-items.operation.js';
import { bulkMoveWorkspaceItems } from './workspace/bulk-move-workspace-items.operation.js';
import { listSharedWorkspace } from './workspace/list-shared-workspace.operation.js';
import { listWorkspace } from './workspace/list-workspace.operation.js';
import { moveWorkspaceItem } from './workspace/move-workspace-item.operation.js';

/** Every operation of the management and build APIs, keyed by operationId. */
export const operations = {
  getOpenApiSpec,
  getCurrentUser,
  signIn,
  signOut,
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
  listDeployments,
  createDeployment,
  getDeployment,
  updateDeployment,
  deleteDeployment,
  getDeploymentSettings,
  listDeploymentVersions,
  getBuildStatus,
  listDeploymentLogs,
  listDeploymentPods,
  listEnvVars,
  setEnvVars,
  advanceCreationStep,
  resetCreationStep,
  listRegions,
  listDataModelFiles,
  writeDataModelFiles,
  deleteDataModelFiles,
  renameDataModelFiles,
  getDataModelFileHashes,
  startDevMode,
  stopDevMode,
  listBranches,
  createBranch,
  deleteBranch,
  setStagingEnvironment,
  commitBranch,
  pullBranch,
  mergeBranch,
  mergeToDefault,
  startUpload,
  uploadFile,
  validateUpload,
  finishUpload,
  validateDataModel,
  connectGithub,
  createDeploymentToken,
  listEnvironments,
  listEnvironmentTokens,
  createEnvironmentToken,
  createEnvironmentMetaSyncToken,
  loadQuery,
  postLoadQuery,
  getModelMetadata,
  getQuerySql,
  generateQuerySql,
  dryRunQuery,
  postDryRunQuery,
  runModelSql,
  listAgents,
  createAgent,
  getAgent,
  updateAgent,
  deleteAgent,
  listAgentApiKeys,
  createAgentApiKey,
  deleteAgentApiKey,
  getChatAuthSettings,
  updateChatAuthSettings,
  listUserAttributes,
  createUserAttribute,
  deleteUserAttribute,
  getUserAttribute,
  updateUserAttribute,
  getUserAttributeValues,
  setUserAttributeValue,
  listUserGroups,
  createUserGroup,
  getUserGroup,
  updateUserGroup,
  deleteUserGroup,
  deleteGroup,
  listUserGroupMembers,
  addUserGroupMembers,
  removeUserGroupMembers,
  getResourcePolicies,
  setUserResourcePolicy,
  setGroupResourcePolicy,
  startDbtSync,
  listDbtSyncs,
  getDbtSyncStatus,
  cancelDbtSync,
  getDbtSyncResult,
  getDbtSyncLogs,
  getDbtRepository,
  connectDbtRepository,
  disconnectDbtRepository,
  receiveDbtWebhook,
  listWorkbooks,
  createWorkbook,
  getWorkbook,
  updateWorkbook,
  deleteWorkbook,
  upsertWorkbookBySlug,
  duplicateWorkbook,
  updateWorkbookDashboard,
  listReports,
  listReportFolders,
  createReport,
  getReport,
  updateReport,
  deleteReport,
  upsertReportByPublicId,
  connectReportToWorkbook,
  refreshReport,
  listFolders,
  createFolder,
  getFolder,
  updateFolder,
  deleteFolder,
  getFolderAncestors,
  listWorkspace,
  listSharedWorkspace,
  moveWorkspaceItem,
  bulkDeleteWorkspaceItems,
  bulkMoveWorkspaceItems,
  runReport,
  publishDashboard,
  getDashboard,
  getDashboardByPublicId,
  getDashboardWidgetThread,
  streamDashboardWidgetChat,
  runDashboardPython,
  listDashboards,
  listDashboardVersions,
  updateDashboard,
  updatePublishedAiWidgetThread,
  runDashboardWidget,
  getTenantSettings,
  updateTenantSettings,
  getAppConfig,
  getAppTheme,
  getEmbedTheme,
  listOAuthIntegrations,
  createOAuthIntegration,
  getOAuthIntegration,
  updateOAuthIntegration,
  deleteOAuthIntegration,
  listUserOAuthTokens,
  getUserOAuthToken,
  deleteUserOAuthToken,
  initiateUserOAuthToken,
  completeOAuthCallback,
  listScimUsers,
  createScimUser,
  getScimUser,
  replaceScimUser,
  patchScimUser,
  deleteScimUser,
  listScimGroups,
  createScimGroup,
  getScimGroup,
  replaceScimGroup,
  patchScimGroup,
  deleteScimGroup,
  getScimServiceProviderConfig,
  listScimResourceTypes,
  listScimSchemas,
  listOidcTokenConfigs,
  createOidcTokenConfig,
  getOidcTokenConfig,
  updateOidcTokenConfig,
  deleteOidcTokenConfig,
  createOidcToken,
  rotateOidcSigningKey,
  getOpenIdConfiguration,
  getOidcJwks,
  decideDeviceAuthorization,
  getSignInOptions,
  getGithubStatus,
  listGithubInstallations,
  listGithubRepositories,
  listGithubBranches,
  listEmbedTenants,
  deleteEmbedTenant,
  listEmbedTenantUsers,
  listEmbedGroups,
  createEmbedGroup,
  getEmbedGroup,
  updateEmbedGroup,
  deleteEmbedGroup,
  listEmbedGroupUsers,
  addEmbedGroupUsers,
  removeEmbedGroupUsers,
  getEmbedDashboard,
  updateEmbedDashboard,
  getWorkbookEmbedAccess,
  updateWorkbookEmbedAccess,
  listAccountNotifications,
  listNotifications,
  createNotification,
  getNotification,
  updateNotification,
  deleteNotification,
  listNotificationRecipients,
  addNotificationRecipients,
  removeNotificationRecipients,
  sendNotification,
  listNotificationDeliveries,
  getNotificationUnsubscribePage,
  unsubscribeNotificationRecipient,
  generateEmbedSession,
  exchangeEmbedSessionToken,
  exchangeEmbedPlatformToken,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
