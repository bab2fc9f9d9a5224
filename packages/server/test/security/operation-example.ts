/** Resources of the first account that examples point their path parameters at. */
export interface AccountResources {
  deploymentId: number;
  userId: number;
  apiKeyId: number;
  /** The demo deployment's default agent, one of its keys, and a user attribute of the account. */
  agentId: string;
  agentApiKeyId: number;
  userAttributeId: number;
  /** A completed dbt sync of the demo deployment. */
  dbtSyncJobId: string;
  /** A user group holding `userId`, granted `view` on `folderId`, a folder of the demo deployment. */
  groupId: number;
  folderId: number;
  /** A shared workbook of the demo deployment, owned by the admin. */
  workbookId: number;
  /** A report of the demo deployment at the workspace root, owned by the admin, and its publicId. */
  reportId: number;
  reportPublicId: string;
  /** A second root folder, which bulk deletes may remove. */
  spareFolderId: number;
  /** The published dashboard of a second workbook (`dashboardWorkbookId`), with one CHART widget `chart` on `reportId`. */
  dashboardWorkbookId: number;
  /** An `html` report whose Python (`meta.pythonCode`) the dashboard's `python` widget shows. */
  htmlReportId: number;
  dashboardId: number;
  dashboardPublicId: string;
  /** An OAuth integration (no revocation URL) the admin is connected to. */
  oauthIntegrationId: number;
  /** An enabled OIDC token configuration covering every deployment. */
  oidcTokenConfigId: number;
  /** An embed tenant with a group (`embedGroupId`) holding one of its users (`embedExternalId`). */
  embedTenantName: string;
  embedGroupId: number;
  embedExternalId: string;
  /** An embed session of the demo deployment, not yet exchanged (the public exchange's example uses it). */
  embedSessionId: string;
  /** A customer's own JWT for the demo deployment, whose chat-auth settings take its HS256 secret. */
  embedPlatformToken: string;
  /** A notification on `dashboardId`, with one e-mail recipient (`notificationRecipientEmail`). */
  notificationId: number;
  notificationRecipientEmail: string;
  /** An unsubscribe link's token this server signed, naming a recipient of no notification. */
  notificationUnsubscribeToken: string;
}

/**
 * A valid call of one operation: the security suite sends it with the wrong credential and expects a
 * refusal, so a refusal can only come from the access checks, never from validation.
 */
export interface OperationExample {
  /** Path parameters naming resources of the first account. */
  params?: (resources: AccountResources) => Record<string, string | number>;
  query?: Record<string, string> | ((resources: AccountResources) => Record<string, string>);
  body?: (resources: AccountResources) => unknown;
  /** Set when a list holds server-wide items, not the account's; says why. */
  sharedListReason?: string;
  /**
   * Content operations declare `ContentRead` (a resource policy can raise a viewer to edit or manage one
   * item), so the level the example needs on its item is named here: a role below it is refused (403).
   */
  contentLevel?: 'edit' | 'manage';
  /** The query or body (not the path) names a resource of the first account: another account gets 404. */
  namesResourcesInInput?: true;
  /** Set for an operation anyone may call without a credential (it shows nothing of an account): says why. */
  publicReason?: string;
}
