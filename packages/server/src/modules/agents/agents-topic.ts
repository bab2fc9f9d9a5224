/** The change-feed topic published after an account's agents or agent keys changed. */
export function agentsTopic(accountId: number): string {
  return `agents:${accountId}`;
}

export function isAgentsTopic(topic: string): boolean {
  return topic.startsWith('agents:');
}
