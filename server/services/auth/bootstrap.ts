import { Role } from '../../../shared/constants/roles';
import type { Db } from '../../db/database';
import { randomPassword } from './passwords';
import { createUser, findUserByUsername } from './users';

export interface RootBootstrap {
  created: boolean;
  /** set only when the password was generated: print it once */
  generatedPassword: string | null;
}

/** Creates `root` on first start from ROOT_PASSWORD, or with a random password printed once. */
export async function ensureRoot(db: Db, rootPassword: string | null): Promise<RootBootstrap> {
  if (await findUserByUsername(db, 'root')) return { created: false, generatedPassword: null };
  const password = rootPassword ?? randomPassword();
  await createUser(db, { username: 'root', password, roleId: Role.ROOT, nickname: 'root' });
  return { created: true, generatedPassword: rootPassword ? null : password };
}
