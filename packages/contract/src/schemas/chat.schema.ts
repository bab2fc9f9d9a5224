import * as z from 'zod';
import { errorCodes } from '../errors/error-catalogue.js';
import { BranchName } from './branch-name.schema.js';
import { EmailAddress } from './email.schema.js';
import { jsonObject, text } from './text.schema.js';

/** `<Unix time in milliseconds, 13 or more digits>-message` (SPEC.md "Limits"). */
export const ChatMessageId = z
  .string()
  .regex(/^[0-9]{13,}-message$/, {
    error: 'must be "<Unix time in milliseconds>-message", e.g. "1731974400000-message"',
  })
  .meta({ description: 'Client message id, `<timestamp>-message`; repeats of it join the running answer.' });

export const ChatUserAttribute = z.strictObject({
  name: text().min(1).max(255),
  value: text().max(4096),
});

export const ChatSessionSettings = z
  .strictObject({
    externalId: text()
      .min(1)
      .max(255)
      .regex(/^[^\sA-Z]+$/, { error: 'must be lowercase with no spaces' })
      .optional(),
    internalId: EmailAddress.meta({
      description: 'The e-mail of an active user of the account (any case); their own permissions apply.',
    }).optional(),
    email: EmailAddress.optional(),
    userAttributes: z.array(ChatUserAttribute).max(100).optional(),
    groups: z.array(text().min(1).max(255)).max(100).optional(),
    securityContext: jsonObject().optional(),
    ephemeralTtlSeconds: z
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .optional(),
    isEphemeral: z.boolean().optional(),
    /** IANA time zone; dates in answers and relative ranges use it. */
    timezone: text().min(1).max(64).optional(),
  })
  .meta({ id: 'ChatSessionSettings' });

export type ChatSessionSettings = z.infer<typeof ChatSessionSettings>;

export const ChatStreamInput = z
  .strictObject({
    input: text().min(1).max(20_000).optional(),
    chatId: text().min(1).max(64).optional(),
    messageId: ChatMessageId.optional(),
    sessionSettings: ChatSessionSettings.optional(),
    activeBranchName: BranchName.optional(),
    isDefaultBranch: z.boolean().optional(),
  })
  .meta({ id: 'ChatStreamInput' });

export type ChatStreamInput = z.infer<typeof ChatStreamInput>;

export const ChatAbortInput = z
  .strictObject({
    chatId: text().min(1).max(64),
    sessionSettings: ChatSessionSettings.optional(),
  })
  .meta({ id: 'ChatAbortInput' });

export type ChatAbortInput = z.infer<typeof ChatAbortInput>;

export const ChatToolCall = z.object({
  name: z.string(),
  /** The tool's arguments as a JSON string. */
  input: z.string(),
  /** The tool's output as a JSON string; only once the call completed; `error` in it when it failed. */
  result: z.string().optional(),
});

/** A message of a thread, as `__state__` lists them. */
export const ChatStateMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  toolCall: ChatToolCall.optional(),
  graphPath: z.array(z.string()).optional(),
  sort: z.number().optional(),
});

/** One line of the chat stream (SPEC.md "Chat resources" and "Events"; API-NOTES.md "Chat API"). */
export const ChatStreamMessage = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']).optional(),
    content: z.string().optional(),
    thinking: z.string().optional(),
    toolCall: ChatToolCall.optional(),
    graphPath: z.array(z.string()).optional(),
    isDelta: z.boolean().optional(),
    isInProcess: z.boolean().optional(),
    isStructuredResponse: z.boolean().optional(),
    sort: z.number().optional(),
    state: z
      .object({
        chatId: z.string().optional(),
        isStreaming: z.boolean().optional(),
        messages: z.array(ChatStateMessage).optional(),
      })
      .optional(),
    type: z.literal('usage').optional(),
    usage: z
      .object({
        llmCalls: z.int(),
        inputTokens: z.int(),
        outputTokens: z.int(),
        totalTokens: z.int(),
      })
      .optional(),
    /** A failure after the stream started. */
    error: z.string().optional(),
  })
  .meta({ id: 'ChatStreamMessage' });

export type ChatStreamMessage = z.infer<typeof ChatStreamMessage>;

/** The Chat API's error body: `error` is the message itself (`{"error":"Streaming for thread is in progress"}`). */
export const ChatErrorBody = z
  .object({
    error: z.string(),
    statusCode: z.int(),
    code: z.enum(errorCodes),
    requestId: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ChatErrorBody', description: 'The body of every non-2xx answer of the Chat API.' });

/** JSON-RPC's "server error" code the Chat API's clients recognise an authentication failure by. */
export const chatAuthenticationErrorCode = -32001;

/** A refused credential: not an HTTP error but this JSON-RPC error object in a 200 answer (SPEC.md "Errors"). */
export const ChatAuthenticationFailure = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.null(),
    error: z.object({ code: z.literal(chatAuthenticationErrorCode), message: z.string() }),
  })
  .meta({
    id: 'ChatAuthenticationFailure',
    description: 'The answer, with HTTP 200, when the agent API key or the platform token is refused.',
  });
