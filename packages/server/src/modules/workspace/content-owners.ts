import type { UserSummary } from '../identity/credential-owners.js';

export type UsersOf = (accountId: number, userIds: readonly number[]) => Promise<Map<number, UserSummary>>;

/**
 * The owners of content as responses show them (`user: {id, email, name}`), read in one query per
 * response. Content outlives a deleted owner: it is then shown with the id alone.
 */
export class ContentOwners {
  constructor(private readonly usersOf: UsersOf) {}

  async summariesOf(accountId: number, userIds: readonly number[]): Promise<(userId: number) => UserSummary> {
    const users = await this.usersOf(accountId, userIds);
    return (userId) => users.get(userId) ?? { id: userId, email: '', name: null };
  }
}
