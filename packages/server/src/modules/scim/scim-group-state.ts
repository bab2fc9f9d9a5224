import { isReservedGroupName, type ScimPatchOperation, scimSchemaUrns } from '@platform/contract';
import { invalidValue, scimError } from './scim-error.js';

/** What SCIM can change of a group: identity's name and members, and the provider's id of it. */
export interface ScimGroupState {
  displayName: string;
  externalId: string | null;
  memberIds: Set<number>;
}

const groupSchemaPrefix = `${scimSchemaUrns.group.toLowerCase()}:`;
const memberFilterPattern = /^members\[\s*value\s+eq\s+"([^"\\]*)"\s*\]$/i;

/** A member reference's `value` (a user id, as a string or a number) as the id. */
export function memberIdOf(reference: unknown): number {
  const value =
    typeof reference === 'object' && reference !== null
      ? (reference as { value?: unknown }).value
      : undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > 2_147_483_647)
    throw invalidValue(`member ${JSON.stringify(value ?? null)} is not the id of a user`);
  return Number(text);
}

function memberIdsOf(value: unknown): number[] {
  const references = Array.isArray(value) ? value : [value];
  return references.map(memberIdOf);
}

export function displayNameOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidValue('displayName must be a non-empty string');
  const name = value.trim();
  if (name.length > 200) throw invalidValue('displayName must be at most 200 characters');
  if (isReservedGroupName(name)) throw invalidValue(`displayName must not be a role's name (${name})`);
  return name;
}

function externalIdOf(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw invalidValue('externalId must be a string');
  if (value.length > 255) throw invalidValue('externalId must be at most 255 characters');
  return value === '' ? null : value;
}

function applyAttribute(state: ScimGroupState, op: ScimPatchOperation['op'], path: string, value: unknown) {
  let attribute = path.trim();
  if (attribute.toLowerCase().startsWith(groupSchemaPrefix))
    attribute = attribute.slice(groupSchemaPrefix.length);
  const oneMember = memberFilterPattern.exec(attribute);
  if (oneMember) {
    if (op !== 'remove')
      throw scimError('BAD_REQUEST', `${op} of ${path} is not supported: use members`, 'invalidPath');
    state.memberIds.delete(memberIdOf({ value: oneMember[1] }));
    return;
  }
  switch (attribute.toLowerCase()) {
    case 'members':
      if (op === 'replace') state.memberIds = new Set(memberIdsOf(value ?? []));
      else if (op === 'add') for (const id of memberIdsOf(value)) state.memberIds.add(id);
      // A remove without a value removes every member (RFC 7644 §3.5.2.2).
      else if (value === undefined) state.memberIds.clear();
      else for (const id of memberIdsOf(value)) state.memberIds.delete(id);
      return;
    case 'displayname':
      if (op === 'remove')
        throw scimError('BAD_REQUEST', 'displayName is required and cannot be removed', 'mutability');
      state.displayName = displayNameOf(value);
      return;
    case 'externalid':
      state.externalId = op === 'remove' ? null : externalIdOf(value);
      return;
    case 'id':
      return;
    default:
      throw scimError('BAD_REQUEST', `unknown attribute ${JSON.stringify(path)} of a group`, 'invalidPath');
  }
}

/** The state after the PATCH operations, applied in order; the first bad one is a 400 and nothing changes. */
export function patchedGroupState(
  before: ScimGroupState,
  operations: readonly ScimPatchOperation[],
): ScimGroupState {
  const state = { ...before, memberIds: new Set(before.memberIds) };
  for (const operation of operations) {
    if (operation.path !== undefined) {
      applyAttribute(state, operation.op, operation.path, operation.value);
      continue;
    }
    if (operation.op === 'remove') throw scimError('BAD_REQUEST', 'a remove needs a path', 'noTarget');
    const value = operation.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw invalidValue(`an ${operation.op} without a path needs an object of attributes as its value`);
    for (const [key, attributeValue] of Object.entries(value))
      applyAttribute(state, operation.op, key, attributeValue);
  }
  return state;
}
