import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createAuthStore } from '@/shared/stores/auth';
import { storageAreaPersistence } from '@/shared/stores/storage-area-persistence';
import { USER } from './fake-server';

beforeEach(() => fakeBrowser.reset());

it('the shared auth store persists the login in storage.local', async () => {
  const persistence = storageAreaPersistence(fakeBrowser.storage.local);
  const store = createAuthStore(persistence);
  store.getState().setLogin('tok', USER);
  await new Promise((r) => setTimeout(r, 0));
  expect(await fakeBrowser.storage.local.get(['token', 'userInfo'])).toEqual({
    token: 'tok',
    userInfo: USER,
  });

  const other = createAuthStore(persistence); // another page or a restarted worker
  await other.getState().hydrate();
  expect(other.getState()).toMatchObject({ token: 'tok', userInfo: USER, hydrated: true });

  other.getState().clear();
  await new Promise((r) => setTimeout(r, 0));
  expect(await persistence.load()).toEqual({ token: null, userInfo: null });
});
