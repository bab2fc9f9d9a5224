import { actionsOfRole, type Role } from '@platform/contract';
import type { AccessCaller } from '@platform/semantic';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ModelSourceService } from '../data-model/model-source.service.js';
import type { DeploymentAccessService } from '../deployments/deployment-access.service.js';
import type { DeploymentDirectory } from '../deployments/deployment-directory.js';
import type { DataApiCaller } from './data-api-caller.js';

/**
 * What the identity module tells of an account user: their role (UsersService), groups
 * (UserGroupsService) and attribute values (UserAttributesService).
 */
export interface AccountUserRoles {
  activeRoleOf(accountId: number, userId: number): Promise<Role | null>;
  /** The names of the user's groups, which access policies match as `group: <name>`. */
  groupNamesOf(accountId: number, userId: number): Promise<string[]>;
  /** The user's attribute values (defaults applied), which access policies read as `userAttributes.<name>`. */
  userAttributesOf(accountId: number, userId: number): Promise<Readonly<Record<string, unknown>>>;
}

type ChatUserCaller = Extract<DataApiCaller, { kind: 'chatUser' }>;

/** The deployment and branch a data-API request reads, and who access policies see. */
export interface QueryTarget {
  deployment: { id: number; accountId: number; deployBranchName: string };
  branchName: string;
  caller: AccessCaller;
}

/**
 * Decides what a data-API caller reaches. A management credential goes through DeploymentAccessService
 * (404 across accounts, role and key scope checked) and is seen by access policies as the group named
 * after its role and the user groups its user belongs to, with its user's attribute values and an empty
 * security context. A deployment token reaches only its own deployment
 * (403 for any other, like a key scoped elsewhere) with the security context and groups it carries.
 * A chat user reaches only the chat's deployment: an external user with the groups, security context and
 * user attributes of their session, an account user (active) as their role's group, their user groups and
 * their attribute values, like their API key.
 */
export class DataApiAccessService {
  constructor(
    private readonly deployments: DeploymentAccessService,
    private readonly directory: DeploymentDirectory,
    private readonly modelSource: ModelSourceService,
    private readonly accountUsers: AccountUserRoles,
  ) {}

  async resolve(caller: DataApiCaller, deploymentId: number, branchName?: string): Promise<QueryTarget> {
    if (caller.kind === 'management') {
      const { principal } = caller;
      // The reads are needed on every query: they run at once (the branch is used only once allowed).
      const [deployment, devModeBranch, groupNames, userAttributes] = await Promise.all([
        this.deployments.loadListed(principal, deploymentId, 'DataQuery'),
        branchName ? null : this.modelSource.devModeBranchOf(principal, deploymentId),
        this.accountUsers.groupNamesOf(principal.accountId, principal.userId),
        this.accountUsers.userAttributesOf(principal.accountId, principal.userId),
      ]);
      return {
        deployment,
        branchName: branchName ?? devModeBranch ?? deployment.deployBranchName,
        caller: { groups: [principal.role, ...groupNames], securityContext: {}, userAttributes },
      };
    }
    if (caller.kind === 'chatUser') return this.resolveChatUser(caller, deploymentId, branchName);
    const { token } = caller;
    if (token.deploymentId !== deploymentId) {
      throw new AppError('FORBIDDEN', `this deployment token is not valid for deployment ${deploymentId}`);
    }
    const rows = await this.directory.rowsOf(token.accountId);
    const deployment = rows.find((row) => row.id === deploymentId);
    if (!deployment) throw notFound(`deployment ${deploymentId}`);
    if (token.branchName !== undefined && branchName !== undefined && branchName !== token.branchName) {
      throw new AppError('FORBIDDEN', `this token is for the environment of branch ${token.branchName} only`);
    }
    return {
      deployment,
      branchName: branchName ?? token.branchName ?? deployment.deployBranchName,
      caller: { groups: token.groups, securityContext: token.securityContext, userAttributes: {} },
    };
  }

  private async resolveChatUser(
    caller: ChatUserCaller,
    deploymentId: number,
    branchName: string | undefined,
  ): Promise<QueryTarget> {
    if (caller.deploymentId !== deploymentId) {
      throw new AppError('FORBIDDEN', `this chat session is not valid for deployment ${deploymentId}`);
    }
    const rows = await this.directory.rowsOf(caller.accountId);
    const deployment = rows.find((row) => row.id === deploymentId);
    if (!deployment) throw notFound(`deployment ${deploymentId}`);
    const target = { deployment, branchName: branchName ?? caller.branchName ?? deployment.deployBranchName };
    const { identity } = caller;
    if (identity.kind === 'external') {
      const { groups, securityContext, userAttributes } = identity;
      return { ...target, caller: { groups, securityContext, userAttributes } };
    }
    const [role, groupNames, userAttributes] = await Promise.all([
      this.accountUsers.activeRoleOf(caller.accountId, identity.userId),
      this.accountUsers.groupNamesOf(caller.accountId, identity.userId),
      this.accountUsers.userAttributesOf(caller.accountId, identity.userId),
    ]);
    if (role === null) {
      throw new AppError('FORBIDDEN', `user ${identity.userId} is not an active user of this account`);
    }
    if (!actionsOfRole[role].includes('DataQuery')) {
      throw new AppError('FORBIDDEN', `the ${role} role lacks the right DataQuery`);
    }
    return { ...target, caller: { groups: [role, ...groupNames], securityContext: {}, userAttributes } };
  }
}
