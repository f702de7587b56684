import { createUser } from '../../server/services/auth/users';
import type { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from './api';
import type { TestServer } from './server';

export interface TestUserOptions {
  roleId?: (typeof Role)[keyof typeof Role];
  password?: string;
  nickname?: string;
  /** the client's interface language (Accept-Language), en-US by default */
  language?: string;
}

/** A user created straight in the database, and a client logged in as them; `uid` is their id. */
export async function userClient(
  server: TestServer,
  username: string,
  options: TestUserOptions = {},
): Promise<TestClient & { uid: string }> {
  const password = options.password ?? 'secret123';
  const uid = await createUser(server.server.ctx.db, {
    username,
    password,
    ...(options.roleId ? { roleId: options.roleId } : {}),
    ...(options.nickname ? { nickname: options.nickname } : {}),
  });
  const client = testClient(server.url, options.language);
  await client.login(username, password);
  return Object.assign(client, { uid });
}
