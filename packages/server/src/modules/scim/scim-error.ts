import type { ErrorCode } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';

/** The `scimType` values of RFC 7644 §3.12 this service answers with. */
export type ScimErrorType =
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidPath'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability';

/** An error whose SCIM body names its `scimType`. */
export function scimError(code: ErrorCode, message: string, scimType: ScimErrorType): AppError {
  return new AppError(code, message, { scimType });
}

export function invalidValue(message: string): AppError {
  return scimError('BAD_REQUEST', message, 'invalidValue');
}

/**
 * Runs a write whose only conflict is a taken name (a userName, a group's displayName): its 409 is
 * SCIM's `uniqueness`. Other conflicts (deactivating one's own user) carry no scimType.
 */
export async function withUniqueness<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      throw scimError('CONFLICT', error.message, 'uniqueness');
    throw error;
  }
}
