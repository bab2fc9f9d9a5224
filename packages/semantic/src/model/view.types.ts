import type { AccessPolicy } from './access-policy.types.js';
import type { Folder } from './cube.types.js';
import type { JsonObject } from './json-value.types.js';
import type { Describable, MemberFormat } from './member.types.js';
import type { SourceLocation } from './source-location.types.js';

/** One member brought into a view, optionally renamed or re-described. */
export interface ViewInclude {
  readonly name: string;
  readonly alias?: string;
  readonly title?: string;
  readonly description?: string;
  readonly format?: MemberFormat;
  readonly meta?: JsonObject;
  readonly location: SourceLocation;
}

export interface ViewCube {
  /** Cube names from the view's root cube to the cube whose members are included. */
  readonly joinPath: readonly string[];
  /** The last cube of `joinPath`. */
  readonly cubeName: string;
  readonly includes: '*' | readonly ViewInclude[];
  readonly excludes: readonly string[];
  /** `prefix: true`: member names become `<alias or cube>_<member>`. */
  readonly hasPrefix: boolean;
  readonly alias?: string;
  readonly location: SourceLocation;
}

export interface View extends Describable {
  readonly kind: 'view';
  readonly name: string;
  readonly extends?: string;
  readonly cubes: readonly ViewCube[];
  readonly folders: readonly Folder[];
  readonly accessPolicies: readonly AccessPolicy[];
  readonly declaredKeys: readonly string[];
  readonly location: SourceLocation;
}
