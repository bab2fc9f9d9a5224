import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { ApiError, ConnectionError } from '../client/api-error.js';
import { ChatAuthenticationError, ChatClient } from '../client/chat-client.js';
import { parseId } from '../program/argument-parsers.js';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, TerminalStreams } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';
import { type AnswerOutcome, ChatConversation } from './chat-conversation.js';
import { type ChatTarget, type ChatTargetOptions, resolveChatTarget } from './chat-target.js';

interface ChatOptions extends ChatTargetOptions {
  chat?: string;
  abort?: boolean;
}

const interactiveHelp = 'Ctrl-C stops an answer; /new starts a new thread; /exit or Ctrl-D leaves.';

function conversationOf(context: CommandContext, target: ChatTarget, options: ChatOptions): ChatConversation {
  return new ChatConversation({
    target,
    chatId: options.chat ?? null,
    output: {
      write: (text) => {
        if (text !== '') context.runtime.writeOut(text);
      },
      isJson: options.json === true,
      isTerminal: context.runtime.terminal?.isOutputTerminal === true,
    },
    makeClient: (resolved) =>
      new ChatClient({
        ...resolved,
        userAgent: `platform-cli/${context.version}`,
        fetch: context.runtime.fetch,
      }),
  });
}

/** Ctrl-C reaches the process as SIGINT when stdin is not a terminal (and readline is not reading it). */
function onInterrupt(handler: () => void): () => void {
  process.on('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}

function outcomeFailure(outcome: AnswerOutcome): string | null {
  if (outcome.error !== null) return `the answer failed: ${outcome.error}`;
  if (outcome.isAborted) return 'the answer was aborted';
  if (outcome.finalAnswer === null) return 'the stream ended without a final answer';
  return null;
}

/** A refused agent key ends the command with the server's reason, as a failure rather than a crash. */
async function askOrExplain(conversation: ChatConversation, question: string): Promise<AnswerOutcome> {
  try {
    return await conversation.ask(question);
  } catch (error) {
    if (error instanceof ChatAuthenticationError) throw new CliError(error.message);
    throw error;
  }
}

/** One question, one answer: exit code 0 only for a final answer. */
async function answerOnce(context: CommandContext, conversation: ChatConversation, question: string) {
  const stopListening = onInterrupt(() => conversation.interrupt());
  try {
    const outcome = await askOrExplain(conversation, question);
    if (conversation.chatId)
      context.note(`(chat ${conversation.chatId}; continue with --chat ${conversation.chatId})`);
    const failure = outcomeFailure(outcome);
    if (failure) throw new CliError(failure);
  } finally {
    stopListening();
  }
}

function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.status} ${error.message}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A prompt per question until /exit or end of input; the thread goes on from answer to answer. */
async function converse(
  context: CommandContext,
  conversation: ChatConversation,
  terminal: TerminalStreams,
  target: ChatTarget,
) {
  const lines = createInterface({
    input: terminal.input,
    ...(terminal.isInputTerminal ? { output: terminal.output, terminal: true } : { terminal: false }),
    prompt: '> ',
  });
  const interrupt = () => {
    if (conversation.isStreaming) conversation.interrupt();
    else lines.close();
  };
  lines.on('SIGINT', interrupt);
  const stopListening = onInterrupt(interrupt);
  context.note(`chatting with agent ${target.agentId} as ${target.externalId} at ${target.chatUrl}`);
  context.note(interactiveHelp);
  try {
    lines.prompt();
    for await (const line of lines) {
      const question = line.trim();
      if (question === '/exit' || question === '/quit') break;
      if (question === '/new') {
        conversation.chatId = null;
        context.note('(a new thread starts with the next question)');
      } else if (question !== '') {
        try {
          const outcome = await askOrExplain(conversation, question);
          if (outcome.error !== null) context.note(`error: ${outcome.error}`);
        } catch (error) {
          if (!(error instanceof ApiError || error instanceof ConnectionError)) throw error;
          context.note(`error: ${describeError(error)}`);
        }
      }
      lines.prompt();
    }
  } finally {
    stopListening();
    lines.close();
  }
  if (conversation.chatId)
    context.note(`(chat ${conversation.chatId}; continue with --chat ${conversation.chatId})`);
}

export function registerChatCommand(program: Command, context: CommandContext): void {
  const command = addCommonOptions(
    program
      .command('chat')
      .description(
        'ask an agent about the data, in the terminal: answers stream in, tool calls and result tables show\n' +
          'with a question: one answer, then exit (0 on a final answer); without: a prompt per question\n' +
          `e.g. platform chat --deployment 1 "How many orders were completed last month?"`,
      )
      .argument('[question]', 'ask this one question and exit')
      .option('--agent <agentId>', 'the agent (default: the default agent of --deployment)')
      .option('--deployment <id>', "use the deployment's default agent", parseId)
      .option('--chat <chatId>', 'continue this thread')
      .option('--abort', 'stop the answer the --chat thread is streaming (asked from anywhere), then exit')
      .option(
        '--chat-url <url>',
        "the Chat API URL (default $PLATFORM_CHAT_URL, the context's chat URL, else the one the server gives)",
      )
      .option('--agent-key <key>', 'agent API key (default $PLATFORM_AGENT_KEY, else one made and saved)')
      .option('--account <name>', 'the account name in the chat path (default: the current user’s)')
      .option('--external-id <id>', 'the chat user (default: your e-mail address, lowercased)'),
  );
  command.action(async (question: string | undefined, options: ChatOptions) => {
    if (question !== undefined && question.trim() === '') throw new UsageError('the question is empty');
    if (options.abort && (options.chat === undefined || question !== undefined)) {
      throw new UsageError('--abort needs --chat <chatId> and no question');
    }
    const target = await resolveChatTarget(context, options);
    const conversation = conversationOf(context, target, options);
    if (options.abort) {
      await conversation.abortThread();
      context.note(`(chat ${options.chat}: its answer, if one was streaming, is aborted)`);
      return;
    }
    if (question !== undefined) {
      await answerOnce(context, conversation, question);
      return;
    }
    const terminal = context.runtime.terminal;
    if (!terminal) throw new UsageError('give a question: there is no terminal to read questions from');
    await converse(context, conversation, terminal, target);
  });
}
