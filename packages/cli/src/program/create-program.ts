import { Command } from 'commander';
import { registerAgentsCommands } from '../commands/agents.command.js';
import { registerApiCommand } from '../commands/api.command.js';
import { registerApiKeysCommands } from '../commands/api-keys.command.js';
import { registerChatCommand } from '../commands/chat.command.js';
import { registerContentCommands } from '../commands/content.command.js';
import { registerContextsCommands } from '../commands/contexts.command.js';
import { registerDashboardsCommands } from '../commands/dashboards.command.js';
import { registerDataModelCommands } from '../commands/data-model.command.js';
import { registerDbtCommands } from '../commands/dbt.command.js';
import { registerDeployCommand } from '../commands/deploy.command.js';
import { registerDeploymentsCommands } from '../commands/deployments.command.js';
import { registerEmbedAccessCommands } from '../commands/embed-access.command.js';
import { registerEmbedGroupsCommands } from '../commands/embed-groups.command.js';
import { registerEmbedSessionCommands } from '../commands/embed-sessions.command.js';
import { registerEmbedTenantsCommands } from '../commands/embed-tenants.command.js';
import { registerEnvironmentsCommands } from '../commands/environments.command.js';
import { registerFoldersCommands } from '../commands/folders.command.js';
import { registerGithubCommands } from '../commands/github.command.js';
import { registerGroupsCommands } from '../commands/groups.command.js';
import { registerIntegrationsCommands } from '../commands/integrations.command.js';
import { registerLoginCommands } from '../commands/login.command.js';
import { registerLogsCommand } from '../commands/logs.command.js';
import { registerMetaCommand } from '../commands/meta.command.js';
import { registerNotificationsCommands } from '../commands/notifications.command.js';
import { registerOidcCommands } from '../commands/oidc.command.js';
import { registerPoliciesCommands } from '../commands/policies.command.js';
import { registerQueryCommand } from '../commands/query.command.js';
import { registerRegionsCommand } from '../commands/regions.command.js';
import { registerReportRunCommand } from '../commands/report-run.command.js';
import { registerReportsCommands } from '../commands/reports.command.js';
import { registerScimCommands } from '../commands/scim.command.js';
import { registerSpecCommand } from '../commands/spec.command.js';
import { registerAppConfigCommands, registerTenantCommands } from '../commands/tenant.command.js';
import { registerUserAttributesCommands } from '../commands/user-attributes.command.js';
import { registerUsersCommands } from '../commands/users.command.js';
import { registerVariablesCommands } from '../commands/variables.command.js';
import { registerWebCommands } from '../commands/web.command.js';
import { registerWorkbooksCommands } from '../commands/workbooks.command.js';
import { registerWorkspaceCommands } from '../commands/workspace.command.js';
import { type CliRuntime, CommandContext } from './command-context.js';
import { packageVersion } from './package-version.js';

/** The whole command tree. Settings made here before adding commands are inherited by every subcommand. */
export function createProgram(runtime: CliRuntime): Command {
  const context = new CommandContext(runtime, packageVersion);
  const program = new Command('platform')
    .description(
      'The platform from the terminal: every management and build operation over the HTTP API.\n' +
        'Credentials: platform login, or PLATFORM_API_URL / PLATFORM_API_KEY / PLATFORM_AUTH_SCHEME.',
    )
    .version(packageVersion, '-v, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeOut: runtime.writeOut, writeErr: runtime.writeError })
    .showSuggestionAfterError()
    .helpCommand(true);

  registerLoginCommands(program, context);
  registerContextsCommands(program, context);
  registerDeploymentsCommands(program, context);
  registerDeployCommand(program, context);
  registerDataModelCommands(program, context);
  registerGithubCommands(program, context);
  registerTenantCommands(program, context);
  registerAppConfigCommands(program, context);
  registerDbtCommands(program, context);
  registerQueryCommand(program, context);
  registerMetaCommand(program, context);
  registerChatCommand(program, context);
  registerLogsCommand(program, context);
  registerVariablesCommands(program, context);
  registerEnvironmentsCommands(program, context);
  registerRegionsCommand(program, context);
  registerUsersCommands(program, context);
  registerApiKeysCommands(program, context);
  registerUserAttributesCommands(program, context);
  registerGroupsCommands(program, context);
  registerScimCommands(program, context);
  registerPoliciesCommands(program, context);
  registerAgentsCommands(program, context);
  registerWorkbooksCommands(program, context);
  registerDashboardsCommands(program, context);
  registerReportsCommands(program, context);
  registerFoldersCommands(program, context);
  registerWorkspaceCommands(program, context);
  registerContentCommands(program, context);
  registerWebCommands(program, context);
  registerIntegrationsCommands(program, context);
  registerReportRunCommand(program, context);
  registerSpecCommand(program, context);
  registerApiCommand(program, context);
  registerOidcCommands(program, context);
  registerEmbedTenantsCommands(program, context);
  registerEmbedGroupsCommands(program, context);
  registerEmbedAccessCommands(program, context);
  registerEmbedSessionCommands(program, context);
  registerNotificationsCommands(program, context);
  return program;
}
