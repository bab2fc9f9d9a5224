import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DbtWebhookEvent, DbtWebhookResponse } from '../../schemas/dbt-sync.schema.js';
import { defineOperation } from '../operation.js';

export const receiveDbtWebhook = defineOperation({
  operationId: 'receiveDbtWebhook',
  method: 'POST',
  path: '/api/v1/deployments/{deploymentId}/dbt-sync/webhook',
  tag: 'DbtSync',
  summary: 'A push to the connected dbt repository: starts a sync of the pushed branch',
  description:
    'Called by the repository host, not with an API key: the request is verified by the shared webhook secret, as `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body>` (GitHub, Gitea) or `X-Gitlab-Token: <secret>`. Any delivery that cannot be verified (no signature, a wrong one, or a deployment without a dbt repository or webhook secret) is the same 401. Only pushes to the connected branch start a sync (trigger `webhook`); other events are answered with `started: false`.',
  action: null,
  authScheme: 'webhook',
  params: DeploymentIdParams,
  body: DbtWebhookEvent,
  response: DbtWebhookResponse,
});
