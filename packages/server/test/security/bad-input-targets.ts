import {
  chatOperations,
  type ErrorCode,
  errorCatalogue,
  type OperationDefinition,
  operations,
} from '@platform/contract';
import { type BadInputRequest, type BaseRequest, badInputVariants } from './bad-input-variants.js';
import { type AccountResources, operationExamples, queryOfExample } from './operation-examples.js';

export interface BadInputTargets {
  resources: AccountResources;
  accountName: string;
}

const managementOperations = Object.values(operations as Record<string, OperationDefinition>);
const chatListenerOperations = Object.values(chatOperations as Record<string, OperationDefinition>);

/**
 * The chat listener's operations: the stream and abort with a valid body and no credential (a JSON-RPC
 * failure in a 200), its own spec with nothing at all.
 */
function chatBase(operation: OperationDefinition, targets: BadInputTargets): BaseRequest {
  if (!operation.path.includes('{accountName}')) return { params: {}, query: {}, body: undefined };
  const params: Record<string, string | number> = operation.path.includes('{agentId}')
    ? { accountName: targets.accountName, agentId: targets.resources.agentId }
    : { accountName: targets.accountName, deploymentId: targets.resources.deploymentId };
  const body = operation.path.endsWith('/abort')
    ? { chatId: 'bad-input-chat' }
    : {
        input: 'How many orders are there?',
        chatId: 'bad-input-chat',
        sessionSettings: { externalId: 'bad-input' },
      };
  return { params, query: {}, body };
}

function managementBase(operation: OperationDefinition, targets: BadInputTargets): BaseRequest {
  const example = operationExamples[operation.operationId];
  if (!example) throw new Error(`operation ${operation.operationId} has no example in operation-examples.ts`);
  return {
    params: example.params?.(targets.resources) ?? {},
    query: queryOfExample(example, targets.resources),
    body: example.body?.(targets.resources),
  };
}

export interface OperationVariants {
  operationId: string;
  listener: BadInputRequest['listener'];
  requests: BadInputRequest[];
}

/**
 * Every operation of both registries with its bad variants. A DELETE keeps only the variants it must
 * refuse, so that the resources every other operation points at stay there.
 */
export function allOperationVariants(targets: BadInputTargets, bodyLimitBytes: number): OperationVariants[] {
  const of = (operation: OperationDefinition, listener: BadInputRequest['listener'], base: BaseRequest) => ({
    operationId: operation.operationId,
    listener,
    requests: badInputVariants(operation, listener, base, bodyLimitBytes).filter(
      (request) => request.mustRefuse || operation.method !== 'DELETE',
    ),
  });
  return [
    ...managementOperations.map((operation) =>
      of(operation, 'management', managementBase(operation, targets)),
    ),
    ...chatListenerOperations.map((operation) => of(operation, 'chat', chatBase(operation, targets))),
  ];
}

export const operationCount = managementOperations.length + chatListenerOperations.length;

const managementKeys = ['code', 'error', 'message', 'requestId', 'statusCode'];
const chatKeys = ['code', 'error', 'requestId', 'statusCode'];

/** SCIM's error body (RFC 7644 §3.12): the `/api/scim/v2` operations answer errors with it. */
function isScimErrorBody(body: Record<string, unknown>, status: number): boolean {
  return (
    Array.isArray(body.schemas) &&
    body.schemas[0] === 'urn:ietf:params:scim:api:messages:2.0:Error' &&
    body.status === String(status) &&
    typeof body.detail === 'string'
  );
}

/**
 * What is wrong with an answer to a bad request, or null: never a 5xx; a 4xx where the request can only
 * be refused; every error with the documented body (the chat listener's own shape on its routes).
 */
export function problemOfAnswer(
  request: BadInputRequest,
  answer: { status: number; body: unknown; requestId: unknown },
): string | null {
  if (answer.status >= 500) return `${answer.status}`;
  if (request.mustRefuse && (answer.status < 400 || answer.status >= 500))
    return `${answer.status}, not a 4xx`;
  if (answer.status < 400) return null;
  const body = answer.body as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null) return `${answer.status} without a JSON body`;
  const keys = Object.keys(body)
    .filter((key) => key !== 'details')
    .sort();
  if (isScimErrorBody(body, answer.status)) return null;
  const isManagementShape = keys.join() === managementKeys.join();
  const isChatShape = request.listener === 'chat' && keys.join() === chatKeys.join();
  if (!isManagementShape && !isChatShape) return `${answer.status} with body keys ${keys.join(',')}`;
  const entry = errorCatalogue[body.code as ErrorCode];
  if (!entry || entry.status !== answer.status || body.statusCode !== answer.status) {
    return `${answer.status} with code ${String(body.code)}`;
  }
  if (body.requestId !== answer.requestId) return `${answer.status} whose requestId is not the header's`;
  return null;
}
