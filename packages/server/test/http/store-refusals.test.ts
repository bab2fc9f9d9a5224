import { describe, expect, it } from 'vitest';
import { describeStoreRefusal } from '../../src/http/error-handler.js';

/** The store's refusals that are the client's or the moment's doing, never a 500. */
describe('store refusals as client errors', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query'), { cause });

  it('answers a foreign key naming a deleted row as a 404 naming it, through wrapped causes', () => {
    const refusal = wrapped({
      code: '23503',
      detail: 'Key (folder_id)=(7) is not present in table "content_folders".',
    });
    expect(describeStoreRefusal(refusal)).toEqual({
      code: 'NOT_FOUND',
      message: 'folder 7 not found (it was deleted meanwhile)',
    });
    const other = { code: '23503', detail: 'Key (agent_id)=(3) is not present in table "agents".' };
    expect(describeStoreRefusal(other)?.message).toBe('agent 3 not found (it was deleted meanwhile)');
  });

  it('leaves a delete of a row still referenced, and other errors, to the 500 path', () => {
    const stillReferenced = {
      code: '23503',
      detail: 'Key (id)=(7) is still referenced from table "reports".',
    };
    expect(describeStoreRefusal(stillReferenced)).toBeNull();
    expect(describeStoreRefusal(new Error('boom'))).toBeNull();
    expect(describeStoreRefusal({ code: '23505' })).toBeNull();
  });

  it('answers a deadlock or serialization failure as a 409 to retry', () => {
    expect(describeStoreRefusal(wrapped({ code: '40P01' }))?.code).toBe('CONFLICT');
    expect(describeStoreRefusal({ code: '40001' })?.code).toBe('CONFLICT');
  });
});
