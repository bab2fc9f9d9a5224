import type * as contract from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import type { AuthorizationService } from './authorization.service.js';
import type { Principal } from './principal.js';
import { type UserAttributeRow, userAttributesTable } from './user-attributes.tables.js';

type CreateUserAttributeInput = z.output<typeof contract.CreateUserAttributeInput>;
type ListUserAttributesQuery = z.output<typeof contract.ListUserAttributesQuery>;

function toUserAttribute(row: UserAttributeRow): contract.UserAttribute {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    displayName: row.displayName,
    description: row.description,
    defaultValue: row.defaultValue,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The user attributes an account defines. Chat sessions may set values only for defined names, and
 * access policies read them as `userAttributes.<name>`.
 */
export class UserAttributesService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
  ) {}

  async list(principal: Principal, query: ListUserAttributesQuery = {}) {
    const conditions = [eq(userAttributesTable.accountId, principal.accountId)];
    if (query.name !== undefined) conditions.push(eq(userAttributesTable.name, query.name));
    if (query.type !== undefined) conditions.push(eq(userAttributesTable.type, query.type));
    const rows = await this.database
      .select()
      .from(userAttributesTable)
      .where(and(...conditions))
      .orderBy(asc(userAttributesTable.name));
    return { items: rows.map(toUserAttribute) };
  }

  async create(principal: Principal, input: CreateUserAttributeInput) {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    try {
      const [row] = await this.database
        .insert(userAttributesTable)
        .values({
          accountId: principal.accountId,
          name: input.name,
          type: input.type,
          displayName: input.displayName ?? null,
          description: input.description ?? null,
          defaultValue: input.defaultValue ?? null,
        })
        .returning();
      return toUserAttribute(row as UserAttributeRow);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `a user attribute named ${input.name} already exists`);
      throw error;
    }
  }

  async delete(principal: Principal, attributeId: number): Promise<undefined> {
    const [row] = await this.database
      .select()
      .from(userAttributesTable)
      .where(
        and(eq(userAttributesTable.id, attributeId), eq(userAttributesTable.accountId, principal.accountId)),
      );
    if (!row) throw notFound(`user attribute ${attributeId}`);
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
    await this.database.delete(userAttributesTable).where(eq(userAttributesTable.id, attributeId));
    return undefined;
  }

  /** The names a chat session may set for this account. */
  async namesOf(accountId: number): Promise<ReadonlySet<string>> {
    const rows = await this.database
      .select({ name: userAttributesTable.name })
      .from(userAttributesTable)
      .where(eq(userAttributesTable.accountId, accountId));
    return new Set(rows.map((row) => row.name));
  }
}
