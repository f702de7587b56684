import type { AdminUser } from '@/shared/api/user-admin-types';
import { type EditUserForm, editUserBody } from '@/shared/schemas/user-admin';
import { bodyResolver } from './resolver';
import { mainRole } from './roles';

/** The edit dialog's fields as typed. */
export interface EditValues {
  username: string;
  realname: string;
  email: string;
  /** a role id as text, '' when the user holds none */
  type: string;
  banned: boolean;
  titleName: string;
  titleColor: string;
  setNewPwd: boolean;
  password: string;
}

export function editValuesOf(user: AdminUser): EditValues {
  return {
    username: user.username,
    realname: user.realname ?? '',
    email: user.email ?? '',
    type: String(mainRole(user.roles) ?? ''),
    banned: user.status === 1,
    titleName: user.titleName ?? '',
    titleColor: user.titleColor ?? '',
    setNewPwd: false,
    password: '',
  };
}

/**
 * The edit call for these values. The user type is sent only when it was changed, so a user who
 * holds several roles keeps them unless the admin picks another; a password only when a new one
 * is set. Blank real name, e-mail and title clear them, as on HOJ's screen.
 */
export function toEditBody(user: AdminUser, values: EditValues): EditUserForm {
  const initialType = String(mainRole(user.roles) ?? '');
  return {
    uid: user.uid,
    username: values.username,
    realname: values.realname,
    email: values.email,
    titleName: values.titleName,
    titleColor: values.titleColor,
    status: values.banned ? 1 : 0,
    setNewPwd: values.setNewPwd,
    ...(values.setNewPwd ? { password: values.password } : {}),
    ...(values.type !== '' && values.type !== initialType ? { type: Number(values.type) } : {}),
  };
}

/** The dialog checks with the server's schema; `status` is the Banned switch. */
export function editResolver(user: AdminUser) {
  return bodyResolver<EditValues>(
    editUserBody,
    (values) => toEditBody(user, values),
    (path) => (path[0] === 'status' ? 'banned' : String(path[0] ?? 'username')),
  );
}
