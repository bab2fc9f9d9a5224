import { createHmac } from 'node:crypto';
import { type DbtWebhookResponse, operations } from '@platform/contract';
import type { Command } from 'commander';
import { apiErrorOf, ConnectionError } from '../client/api-error.js';
import { buildUrl, fillPath } from '../client/request-url.js';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { dbtWebhookSecretVariable, secretOf } from './dbt-repository.command.js';

interface WebhookTestOptions extends CommonOptions {
  deployment: number;
  branch?: string;
  webhookSecret?: string;
}

/** `X-Hub-Signature-256` as GitHub and Gitea compute it: the HMAC-SHA256 of the exact body bytes. */
export function webhookSignatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

function decodeAnswer(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page: the text still tells what went wrong.
    return text;
  }
}

/**
 * `platform dbt webhook-test`: posts a push event to the deployment's dbt webhook, signed as GitHub signs
 * it, to check a webhook set-up (URL and secret) without pushing to the repository. The webhook is the
 * repository host's operation, not a person's, so this is its only command.
 */
export function registerDbtWebhookTestCommand(dbt: Command, context: CommandContext): void {
  addDeploymentOption(
    addVerb(dbt, 'webhook-test', 'send a signed push event to the dbt webhook, as the repository host would'),
  )
    .option('--branch <name>', 'the pushed branch (default the connected branch)')
    .option(
      '--webhook-secret <secret>',
      `the secret given to repository connect (better: set ${dbtWebhookSecretVariable})`,
    )
    .action(async (options: WebhookTestOptions) => {
      const secret = secretOf(options.webhookSecret, context.runtime.environment, dbtWebhookSecretVariable);
      if (secret === undefined) {
        throw new UsageError(`the webhook secret is needed: --webhook-secret or ${dbtWebhookSecretVariable}`);
      }
      const params = { deploymentId: options.deployment };
      const branch =
        options.branch ?? (await (await context.client(options)).call('getDbtRepository', { params })).branch;
      const connection = await context.connection(options);
      const operation = operations.receiveDbtWebhook;
      const url = buildUrl(connection.apiUrl, fillPath(operation.path, params));
      const body = JSON.stringify({ ref: `refs/heads/${branch}`, deleted: false });
      let response: Response;
      try {
        // No API key: the host has none, and the webhook must be proven to work with the secret alone.
        response = await context.runtime.fetch(url, {
          method: operation.method,
          headers: {
            'content-type': 'application/json',
            'user-agent': `platform-cli/${context.version}`,
            'x-github-event': 'push',
            'x-hub-signature-256': webhookSignatureOf(body, secret),
          },
          body,
          signal: AbortSignal.timeout(120_000),
        });
      } catch (error) {
        throw new ConnectionError(connection.apiUrl, error);
      }
      const answer = decodeAnswer(await response.text());
      if (!response.ok) {
        throw apiErrorOf(response.status, response.statusText, answer, response.headers.get('x-request-id'));
      }
      // The server validated its answer against the contract before sending it.
      context.render(options, answer as DbtWebhookResponse, (value) =>
        value.syncJobId ? `${value.message} (sync ${value.syncJobId})` : value.message,
      );
    });
}
