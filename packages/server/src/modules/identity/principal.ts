import type { Action, Role } from '@platform/contract';

/** Who is calling: the user behind the credential, with the rights the credential carries. */
export interface Principal {
  accountId: number;
  accountName: string;
  userId: number;
  email: string;
  /** The effective role: the user's role, or the lower role the key was limited to. */
  role: Role;
  /** Extra rights from groups and policies; empty until those land. */
  grantedActions: ReadonlySet<Action>;
  /** Rights the credential gives up though its role holds them (an API key made without DownloadData). */
  withheldActions?: ReadonlySet<Action>;
  credential: {
    /**
     * `api-key`: an API key (or what acts as one: a web session, an access token); `delivery`: a
     * notification rendered for the user, who sent no credential (`id` is then 0: no key).
     */
    type: 'api-key' | 'delivery';
    id: number;
    /** The deployments this key may touch; null means every deployment of the account. */
    deploymentIds: readonly number[] | null;
    /** When the key stops working; null: never. What it mints may not outlive it. */
    expiresAt: Date | null;
    /** Set when the request came with the web pages' session cookie made from this key. */
    webSessionId?: number;
  };
}
