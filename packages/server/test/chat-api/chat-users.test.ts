import { maximumExternalUsersLimit } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTenantSettings } from '../../src/modules/chat/chat-tenant-settings.js';
import { ChatUsersService, maximumEphemeralTtlSeconds } from '../../src/modules/chat/chat-users.service.js';
import { ExternalUsersService } from '../../src/modules/chat/external-users.service.js';
import { defaultTenantSettings } from '../../src/modules/identity/tenant-settings.defaults.js';
import {
  createOtherAccount,
  type StoreEngine,
  startTestServer,
  storeEngines,
  type TestServer,
} from '../support/test-server.js';

/** A clock the test moves by hand, so expiry is checked without waiting. */
function movableClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

describe.each(storeEngines)('chat users on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let accountId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    accountId = (await server.container.services.accounts.accountByName('default'))?.id ?? 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Chat users capped at `limit` kept external users, as tenant setting externalUsersLimit would. */
  function usersWith(options: { now?: () => Date; limit?: number } = {}): ChatUsersService {
    const settings: ChatTenantSettings = {
      ...defaultTenantSettings,
      externalUsersLimit: options.limit ?? maximumExternalUsersLimit,
    };
    const externalUsers = new ExternalUsersService({ settingsOf: async () => settings });
    return new ChatUsersService(
      server.container.platform.store.database,
      externalUsers,
      options.now === undefined ? {} : { now: options.now },
    );
  }

  it('keeps the production limits of SPEC.md', () => {
    expect(defaultTenantSettings.externalUsersLimit).toBe(10_000);
    expect(maximumExternalUsersLimit).toBe(10_000);
    expect(maximumEphemeralTtlSeconds).toBe(7 * 24 * 3600);
  });

  it('provisions an external user once and finds them again while they live', async () => {
    const users = usersWith();
    const first = await users.provisionExternal(accountId, { externalId: 'same-person', email: null });
    const again = await users.provisionExternal(accountId, {
      externalId: 'same-person',
      email: 'same@example.com',
    });
    expect(again).toEqual({ ...first, email: 'same@example.com' });
    expect(await users.find(accountId, { externalId: 'same-person' })).toEqual(again);
    expect(await users.find(accountId, { externalId: 'never-seen' })).toBeNull();
  });

  it('keeps users of different accounts apart', async () => {
    const users = usersWith();
    const other = await createOtherAccount(server);
    const here = await users.provisionExternal(accountId, { externalId: 'twin', email: null });
    const there = await users.provisionExternal(other.accountId, { externalId: 'twin', email: null });
    expect(there.id).not.toBe(here.id);
    expect(await users.find(other.accountId, { externalId: 'twin' })).toEqual(there);
  });

  it('expires an ephemeral user after its TTL and makes a returning one a new user', async () => {
    const clock = movableClock('2026-11-22T00:00:00Z');
    const users = usersWith({ now: clock.now });
    const first = await users.provisionExternal(accountId, {
      externalId: 'short-lived',
      email: null,
      ephemeralTtlSeconds: 600,
    });
    clock.advance(599);
    // Coming back does not extend the lifetime: it counts from creation.
    expect((await users.provisionExternal(accountId, { externalId: 'short-lived', email: null })).id).toBe(
      first.id,
    );
    clock.advance(1);
    expect(await users.find(accountId, { externalId: 'short-lived' })).toBeNull();
    const returning = await users.provisionExternal(accountId, { externalId: 'short-lived', email: null });
    expect(returning.id).not.toBe(first.id);
  });

  it('never lets an ephemeral user live longer than a week, whatever TTL is asked', async () => {
    const clock = movableClock('2026-11-22T00:00:00Z');
    const users = usersWith({ now: clock.now });
    const user = await users.provisionExternal(accountId, {
      externalId: 'week-long',
      email: null,
      ephemeralTtlSeconds: 30 * 24 * 3600,
    });
    clock.advance(maximumEphemeralTtlSeconds - 1);
    expect(await users.find(accountId, { externalId: 'week-long' })).toEqual(user);
    clock.advance(1);
    expect(await users.find(accountId, { externalId: 'week-long' })).toBeNull();
  });

  it('keeps a non-ephemeral user past any TTL, and a kept user stays kept', async () => {
    const clock = movableClock('2026-11-22T00:00:00Z');
    const users = usersWith({ now: clock.now });
    const kept = await users.provisionExternal(accountId, {
      externalId: 'keeper',
      email: null,
      isEphemeral: false,
    });
    await users.provisionExternal(accountId, { externalId: 'keeper', email: null });
    clock.advance(30 * 24 * 3600);
    expect(await users.find(accountId, { externalId: 'keeper' })).toEqual(kept);
    // An ephemeral user asked to be kept becomes kept.
    const promoted = await users.provisionExternal(accountId, { externalId: 'promoted', email: null });
    await users.provisionExternal(accountId, { externalId: 'promoted', email: null, isEphemeral: false });
    clock.advance(30 * 24 * 3600);
    expect(await users.find(accountId, { externalId: 'promoted' })).toEqual(promoted);
  });

  it('refuses the non-ephemeral user beyond the cap with 403, but still admits ephemeral ones', async () => {
    const other = await createOtherAccount(server);
    const users = usersWith({ limit: 3 });
    for (const externalId of ['kept-1', 'kept-2', 'kept-3']) {
      await users.provisionExternal(other.accountId, { externalId, email: null, isEphemeral: false });
    }
    const refused = users.provisionExternal(other.accountId, {
      externalId: 'kept-4',
      email: null,
      isEphemeral: false,
    });
    await expect(refused).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/already keeps 3 non-ephemeral external users.*externalUsersLimit/),
    });
    const ephemeral = await users.provisionExternal(other.accountId, { externalId: 'kept-4', email: null });
    await expect(
      users.provisionExternal(other.accountId, { externalId: 'kept-4', email: null, isEphemeral: false }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Existing kept users come back freely at the cap.
    await users.provisionExternal(other.accountId, { externalId: 'kept-1', email: null, isEphemeral: false });
    expect(await users.find(other.accountId, { externalId: 'kept-4' })).toEqual(ephemeral);
  });

  it('gives an account user one chat user, found by their e-mail in any case', async () => {
    const users = usersWith();
    const first = await users.provisionInternal(accountId, 'Analyst@Example.com');
    const again = await users.provisionInternal(accountId, 'analyst@example.com');
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ internalId: 'analyst@example.com', externalId: null });
    expect(await users.find(accountId, { internalId: 'ANALYST@example.com' })).toEqual(again);
  });
});
