interface CachedEntry<Value> {
  value: Value;
  /** When the entry must be read from the store again (ms since epoch): bounds a lost notification. */
  recheckAt: number;
}

const maximumCachedUsers = 10_000;

/**
 * Something read per (account, user) on every query and rarely changed, cached per process. Forgetting an
 * account moves its generation on, so a read that started before the change is not kept: no stale answer
 * outlives a change. The owner decides which change-feed topics forget what.
 */
export class AccountUserCache<Value> {
  private readonly entries = new Map<number, Map<number, CachedEntry<Value>>>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;
  private size = 0;

  constructor(
    private readonly cacheMilliseconds: number,
    private readonly load: (accountId: number, userId: number) => Promise<Value>,
  ) {}

  async of(accountId: number, userId: number): Promise<Value> {
    const now = Date.now();
    const cached = this.entries.get(accountId)?.get(userId);
    if (cached && cached.recheckAt > now) return cached.value;
    const generation = this.generations.get(accountId) ?? 0;
    const epoch = this.epoch;
    const value = await this.load(accountId, userId);
    if (epoch === this.epoch && generation === (this.generations.get(accountId) ?? 0)) {
      this.remember(accountId, userId, { value, recheckAt: now + this.cacheMilliseconds });
    }
    return value;
  }

  forgetEverything(): void {
    this.epoch += 1;
    this.entries.clear();
    this.size = 0;
  }

  forgetAccount(accountId: number): void {
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
    this.size -= this.entries.get(accountId)?.size ?? 0;
    this.entries.delete(accountId);
  }

  forgetUser(userId: number): void {
    for (const users of this.entries.values()) if (users.delete(userId)) this.size -= 1;
  }

  private remember(accountId: number, userId: number, entry: CachedEntry<Value>): void {
    if (this.size >= maximumCachedUsers) {
      this.entries.clear();
      this.size = 0;
    }
    let users = this.entries.get(accountId);
    if (!users) {
      users = new Map();
      this.entries.set(accountId, users);
    }
    if (!users.has(userId)) this.size += 1;
    users.set(userId, entry);
  }
}
