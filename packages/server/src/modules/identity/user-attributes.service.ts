import * as contract from '@platform/contract';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import { AppError, notFound } from '../../errors/app-error.js';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { isUniqueViolation } from '../../platform/database/unique-violation.js';
import { pageOf, pageWindowOf } from '../../platform/paging/cursor.js';
import type { AuthorizationService } from './authorization.service.js';
import { usersTable } from './identity.tables.js';
import type { Principal } from './principal.js';
import {
  readUserAttributeValues,
  type UserAttributeValuesCache,
  userAttributesTopic,
} from './user-attribute-values.cache.js';
import {
  type UserAttributeRow,
  userAttributesTable,
  userAttributeValuesTable,
} from './user-attributes.tables.js';

type CreateUserAttributeInput = z.output<typeof contract.CreateUserAttributeInput>;
type UpdateUserAttributeInput = z.output<typeof contract.UpdateUserAttributeInput>;
type ListUserAttributesQuery = z.output<typeof contract.ListUserAttributesQuery>;
type SetUserAttributeValueInput = z.output<typeof contract.SetUserAttributeValueInput>;

const typeDescriptions: Readonly<Record<contract.UserAttributeTypeName, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean (true or false)',
  string_array: 'a list of strings',
  number_array: 'a list of numbers',
};

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

function toValueItem(
  attribute: UserAttributeRow,
  ownValue: contract.UserAttributeValue | null,
): contract.UserAttributeValueItem {
  return {
    userAttributeId: attribute.id,
    name: attribute.name,
    type: attribute.type,
    value: ownValue ?? attribute.defaultValue,
    isDefault: ownValue === null,
  };
}

/** A 400 naming the field, the type the attribute expects and what came instead. */
function assertOfType(field: string, value: contract.UserAttributeValue, attribute: UserAttributeRow): void {
  if (contract.isValueOfAttributeType(value, attribute.type)) return;
  throw new AppError(
    'BAD_REQUEST',
    `body ${field}: user attribute ${attribute.name} is of type ${attribute.type}, so the value must be ${typeDescriptions[attribute.type]}; got ${JSON.stringify(value)}`,
  );
}

/**
 * The user attributes an account defines and each user's values of them. Chat sessions may set values
 * only for defined names, and access policies read them as `userAttributes.<name>`: an account user's
 * own values with the defaults applied (UserAttributeValuesCache).
 */
export class UserAttributesService {
  constructor(
    private readonly database: Database,
    private readonly authorization: AuthorizationService,
    private readonly changeFeed: ChangeFeed,
    private readonly values: UserAttributeValuesCache,
  ) {}

  async list(principal: Principal, query: ListUserAttributesQuery) {
    const { afterId, size, offset } = pageWindowOf(query);
    const conditions: SQL[] = [eq(userAttributesTable.accountId, principal.accountId)];
    if (afterId !== null) conditions.push(gt(userAttributesTable.id, afterId));
    if (query.name !== undefined) conditions.push(eq(userAttributesTable.name, query.name));
    if (query.type !== undefined) conditions.push(eq(userAttributesTable.type, query.type));
    const rows = await this.database
      .select()
      .from(userAttributesTable)
      .where(and(...conditions))
      .orderBy(asc(userAttributesTable.id))
      .offset(offset)
      .limit(size + 1);
    const page = pageOf(rows, size);
    return { items: page.rows.map(toUserAttribute), pageInfo: page.pageInfo };
  }

  async get(principal: Principal, attributeId: number): Promise<contract.UserAttribute> {
    return toUserAttribute(await this.find(principal.accountId, attributeId));
  }

  async create(principal: Principal, input: CreateUserAttributeInput) {
    this.authorizeManage(principal);
    let row: UserAttributeRow | undefined;
    try {
      [row] = await this.database
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
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `a user attribute named ${input.name} already exists`);
      throw error;
    }
    // Its default is what every user of the account now reads.
    await this.changed(principal.accountId);
    return toUserAttribute(row as UserAttributeRow);
  }

  async update(
    principal: Principal,
    attributeId: number,
    input: UpdateUserAttributeInput,
  ): Promise<contract.UserAttribute> {
    this.authorizeManage(principal);
    const existing = await this.find(principal.accountId, attributeId);
    if (input.defaultValue !== undefined && input.defaultValue !== null) {
      assertOfType('defaultValue', input.defaultValue, existing);
    }
    const [row] = await this.database
      .update(userAttributesTable)
      .set({
        ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.defaultValue !== undefined ? { defaultValue: input.defaultValue } : {}),
      })
      .where(
        and(eq(userAttributesTable.id, attributeId), eq(userAttributesTable.accountId, principal.accountId)),
      )
      .returning();
    if (!row) throw notFound(`user attribute ${attributeId}`);
    if (input.defaultValue !== undefined) await this.changed(principal.accountId);
    return toUserAttribute(row);
  }

  /** The users' values of the attribute go with it (ON DELETE CASCADE). */
  async delete(principal: Principal, attributeId: number): Promise<undefined> {
    await this.find(principal.accountId, attributeId);
    this.authorizeManage(principal);
    await this.database.delete(userAttributesTable).where(eq(userAttributesTable.id, attributeId));
    await this.changed(principal.accountId);
    return undefined;
  }

  /** Every attribute of the account as it applies to the user; their own, or UsersManage for another's. */
  async valuesOf(principal: Principal, userId: number) {
    if (userId !== principal.userId) this.authorizeManage(principal);
    await this.findUser(principal.accountId, userId);
    const rows = await readUserAttributeValues(this.database, principal.accountId, userId);
    return { items: rows.map((row) => toValueItem(row.attribute, row.ownValue)) };
  }

  /** Sets the user's value of the attribute, or clears it when no value comes (the default applies again). */
  async setValue(
    principal: Principal,
    input: SetUserAttributeValueInput,
  ): Promise<contract.UserAttributeValueItem> {
    this.authorizeManage(principal);
    const [attribute] = await Promise.all([
      this.find(principal.accountId, input.userAttributeId),
      this.findUser(principal.accountId, input.userId),
    ]);
    const key = and(
      eq(userAttributeValuesTable.userAttributeId, attribute.id),
      eq(userAttributeValuesTable.userId, input.userId),
    );
    const value = input.value ?? null;
    if (value === null) {
      await this.database.delete(userAttributeValuesTable).where(key);
    } else {
      assertOfType('value', value, attribute);
      await this.database
        .insert(userAttributeValuesTable)
        .values({ userAttributeId: attribute.id, userId: input.userId, value })
        .onConflictDoUpdate({
          target: [userAttributeValuesTable.userAttributeId, userAttributeValuesTable.userId],
          set: { value, updatedAt: new Date() },
        });
    }
    await this.changed(principal.accountId);
    return toValueItem(attribute, value);
  }

  /** What access policies read as `userAttributes` for an account user: their values, else the defaults. */
  policyValuesOf(accountId: number, userId: number) {
    return this.values.of(accountId, userId);
  }

  /** The names a chat session may set for this account. */
  async namesOf(accountId: number): Promise<ReadonlySet<string>> {
    const rows = await this.database
      .select({ name: userAttributesTable.name })
      .from(userAttributesTable)
      .where(eq(userAttributesTable.accountId, accountId));
    return new Set(rows.map((row) => row.name));
  }

  private authorizeManage(principal: Principal): void {
    this.authorization.authorize(principal, 'UsersManage', {
      type: 'account',
      accountId: principal.accountId,
    });
  }

  private async find(accountId: number, attributeId: number): Promise<UserAttributeRow> {
    const [row] = await this.database
      .select()
      .from(userAttributesTable)
      .where(and(eq(userAttributesTable.id, attributeId), eq(userAttributesTable.accountId, accountId)));
    if (!row) throw notFound(`user attribute ${attributeId}`);
    return row;
  }

  private async findUser(accountId: number, userId: number): Promise<void> {
    const [row] = await this.database
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(and(eq(usersTable.id, userId), eq(usersTable.accountId, accountId)));
    if (!row) throw notFound(`user ${userId}`);
  }

  /** Every process drops what it cached of the account's attribute values; called once committed. */
  private changed(accountId: number): Promise<void> {
    return this.changeFeed.publish(userAttributesTopic(accountId));
  }
}
