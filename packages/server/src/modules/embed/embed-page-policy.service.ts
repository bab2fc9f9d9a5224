import type { DashboardsServices } from '../dashboards/dashboards.module.js';
import type { IdentityServices } from '../identity/identity.module.js';

/**
 * What the embed page of a public id may do (web-pages.ts's EmbedPagePolicy, which app.ts hands this
 * service's answer to): the origins the account allows to frame it and the Chat API's address for its
 * chat panel; that the account turned embedding off; or that no published dashboard has that public id.
 */
export type EmbedPagePolicy =
  | { status: 'open'; frameAncestors: readonly string[]; chatBaseUrl: string | null }
  | { status: 'disabled'; frameAncestors: readonly string[] }
  | { status: 'notFound' };

/**
 * The embed page's answer before any credential is seen (the token is in the URL fragment, which never
 * reaches the server): decided by the account that published the dashboard, from its tenant settings
 * `embedding.enabled` and `embedding.allowedOrigins`. Whether this user may see the dashboard is decided
 * on every data request the page then makes with the token.
 */
export class EmbedPagePolicyService {
  constructor(
    private readonly dashboards: Pick<DashboardsServices['dashboards'], 'publishedHoldersOf'>,
    private readonly identity: Pick<IdentityServices, 'tenantSettings' | 'accounts'>,
    /** The Chat API's public address, read per request (the process learns its port on listening). */
    private readonly chatPublicUrl: () => string,
  ) {}

  async policyOf(publicId: string): Promise<EmbedPagePolicy> {
    const holders = await this.dashboards.publishedHoldersOf(publicId);
    if (holders.length === 0) return { status: 'notFound' };
    const settings = await Promise.all(
      holders.map((holder) => this.identity.tenantSettings.settingsOf(holder.accountId)),
    );
    // Public ids are unique per account only: should two accounts share one, the page obeys both
    // (off when either is off; framed only by origins both allow) and shows no chat panel.
    const allowed = settings
      .map((setting) => setting.embedding.allowedOrigins)
      .reduce((both, origins) => both.filter((origin) => origins.includes(origin)));
    if (settings.some((setting) => !setting.embedding.enabled)) {
      return { status: 'disabled', frameAncestors: allowed };
    }
    const [only] = holders;
    const account =
      holders.length === 1 && only ? await this.identity.accounts.accountById(only.accountId) : null;
    const chatBaseUrl = account
      ? `${this.chatPublicUrl().replace(/\/+$/, '')}/api/v1/public/${encodeURIComponent(account.name)}`
      : null;
    return { status: 'open', frameAncestors: allowed, chatBaseUrl };
  }
}
