import { EmailAddress, ScimBoolean, type ScimPatchOperation, scimSchemaUrns } from '@platform/contract';
import { invalidValue, scimError } from './scim-error.js';

/** What SCIM can change of a user: identity's e-mail, name and status, and what SCIM keeps beside them. */
export interface ScimUserState {
  userName: string;
  givenName: string | null;
  familyName: string | null;
  /** Used as the name when neither given nor family name is known. */
  displayName: string | null;
  active: boolean;
  externalId: string | null;
}

const namePartLength = 100;
const displayNameLength = 200;
const externalIdLength = 255;
const userSchemaPrefix = `${scimSchemaUrns.user.toLowerCase()}:`;

/** The one name identity keeps: the given and family names, else the display name. */
export function identityNameOf(state: ScimUserState): string | null {
  const joined = [state.givenName, state.familyName].filter((part) => part !== null && part !== '').join(' ');
  return joined !== '' ? joined : state.displayName;
}

function stringOf(value: unknown, attribute: string, maximumLength: number): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw invalidValue(`${attribute} must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > maximumLength)
    throw invalidValue(`${attribute} must be at most ${maximumLength} characters`);
  return trimmed === '' ? null : trimmed;
}

function booleanOf(value: unknown, attribute: string): boolean {
  const parsed = ScimBoolean.safeParse(value);
  if (!parsed.success) throw invalidValue(`${attribute} must be true or false`);
  return parsed.data;
}

export function userNameOf(value: unknown): string {
  const parsed = EmailAddress.safeParse(value);
  if (!parsed.success) throw invalidValue('userName must be an e-mail address');
  return parsed.data.toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One attribute of a PATCH applied to the state. Attributes this service does not keep (phone numbers,
 * extension schemas, `emails`, which follow userName) are accepted and left alone, as identity
 * providers send every attribute they map.
 */
function applyAttribute(state: ScimUserState, op: ScimPatchOperation['op'], path: string, value: unknown) {
  let attribute = path.toLowerCase();
  if (attribute.startsWith(userSchemaPrefix)) attribute = attribute.slice(userSchemaPrefix.length);
  const isRemove = op === 'remove';
  switch (attribute) {
    case 'active':
      if (!isRemove) state.active = booleanOf(value, 'active');
      return;
    case 'username':
      if (isRemove)
        throw scimError('BAD_REQUEST', 'userName is required and cannot be removed', 'mutability');
      state.userName = userNameOf(value);
      return;
    case 'externalid':
      state.externalId = isRemove ? null : stringOf(value, 'externalId', externalIdLength);
      return;
    case 'displayname':
      state.displayName = isRemove ? null : stringOf(value, 'displayName', displayNameLength);
      return;
    case 'name.givenname':
      state.givenName = isRemove ? null : stringOf(value, 'name.givenName', namePartLength);
      return;
    case 'name.familyname':
      state.familyName = isRemove ? null : stringOf(value, 'name.familyName', namePartLength);
      return;
    case 'name':
      if (isRemove) {
        state.givenName = null;
        state.familyName = null;
        return;
      }
      if (!isPlainObject(value)) throw invalidValue('name must be an object');
      for (const [key, part] of Object.entries(value)) applyAttribute(state, op, `name.${key}`, part);
      return;
    default:
      return;
  }
}

/** The state after the PATCH operations (RFC 7644 §3.5.2), applied in order; the first bad one is a 400. */
export function patchedUserState(
  before: ScimUserState,
  operations: readonly ScimPatchOperation[],
): ScimUserState {
  const state = { ...before };
  for (const operation of operations) {
    if (operation.path !== undefined) {
      applyAttribute(state, operation.op, operation.path, operation.value);
      continue;
    }
    if (operation.op === 'remove') throw scimError('BAD_REQUEST', 'a remove needs a path', 'noTarget');
    if (!isPlainObject(operation.value))
      throw invalidValue(`an ${operation.op} without a path needs an object of attributes as its value`);
    for (const [key, value] of Object.entries(operation.value))
      applyAttribute(state, operation.op, key, value);
  }
  return state;
}
