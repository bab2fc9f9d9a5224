import type { ResolvedMember } from '../compile/compiled-model.types.js';

/** A selectable thing: a dimension, a time dimension at a granularity, or a measure. */
export type SqlTerm =
  | { readonly kind: 'dimension' | 'measure'; readonly member: ResolvedMember; readonly key: string }
  | {
      readonly kind: 'timeDimension';
      readonly member: ResolvedMember;
      readonly granularity: string;
      readonly key: string;
    };
