/** The change-feed topic published after an account's OIDC token configurations changed. */
export function oidcTokenConfigsTopic(accountId: number): string {
  return `oidc-token-configs:${accountId}`;
}

/** The account of an `oidc-token-configs:` topic, or null for any other topic. */
export function accountOfOidcTokenConfigsTopic(topic: string): number | null {
  const match = /^oidc-token-configs:([0-9]+)$/.exec(topic);
  return match ? Number(match[1]) : null;
}
