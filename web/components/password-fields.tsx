import { InputField, type InputFieldProps } from '@/web/components/form-field';

/**
 * The account's name, unseen, in a form that changes a password or the e-mail: password managers
 * tie what they save to the account by it.
 */
export function HiddenUsername({ username }: { username: string }) {
  return <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />;
}

/** The password the user has now: the browser offers the saved one. */
export function CurrentPasswordField(props: Omit<InputFieldProps, 'type' | 'autoComplete'>) {
  return <InputField type="password" autoComplete="current-password" {...props} />;
}

type NewPasswordProps = Omit<InputFieldProps, 'type' | 'autoComplete'>;

/**
 * A new password and the same again. Both are new passwords to the browser, so a password
 * manager offers to make one up and saves it; the form's schema checks that they match.
 */
export function NewPasswordFields({
  password,
  again,
}: {
  password: NewPasswordProps;
  again: NewPasswordProps;
}) {
  return (
    <>
      <InputField type="password" autoComplete="new-password" {...password} />
      <InputField type="password" autoComplete="new-password" {...again} />
    </>
  );
}
