import { embedTokenTtlSeconds } from '@platform/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { embedSessionsTable } from './embed.tables.js';
import { assertEmbeddingEnabled, type EmbedTenantSettings, hashEmbedSessionId } from './embed-session-id.js';
import type { EmbedTokenSigner } from './embed-token.signer.js';

export interface EmbedTokenExchangeOptions {
  /** The clock sessions expire by; tests move it. */
  now?: () => Date;
}

/**
 * Exchanges a generated session for its embed token, once: the row is claimed by one conditional update
 * (not exchanged, not expired), so two exchanges racing for one session cannot both win.
 */
export class EmbedTokenExchangeService {
  private readonly now: () => Date;

  constructor(
    private readonly database: Database,
    private readonly signer: EmbedTokenSigner,
    private readonly settings: { settingsOf(accountId: number): Promise<EmbedTenantSettings> },
    options: EmbedTokenExchangeOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async exchange(sessionId: string): Promise<{ token: string }> {
    const now = this.now();
    const idHash = hashEmbedSessionId(sessionId);
    const [session] = await this.database
      .update(embedSessionsTable)
      .set({ exchangedAt: now })
      .where(
        and(
          eq(embedSessionsTable.idHash, idHash),
          isNull(embedSessionsTable.exchangedAt),
          gt(embedSessionsTable.expiresAt, now),
        ),
      )
      .returning({ claims: embedSessionsTable.claims, accountId: embedSessionsTable.accountId });
    if (!session) {
      // One answer for the three cases: telling them apart would let anyone probe which ids exist.
      throw new AppError(
        'UNAUTHORIZED',
        'the embed session is unknown, already exchanged or expired (a session is exchanged once, within 10 minutes): generate a new session',
      );
    }
    assertEmbeddingEnabled(await this.settings.settingsOf(session.accountId));
    return { token: await this.signer.sign(session.claims, idHash, embedTokenTtlSeconds, now) };
  }
}
