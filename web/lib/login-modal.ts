import { create } from 'zustand';

/** The modes of the login dialog: log in, register, forgotten password. */
export type AuthMode = 'login' | 'register' | 'resetPwd';

interface LoginModalState {
  open: boolean;
  mode: AuthMode;
  /** a username to put in the login form (after a register or a password reset) */
  username: string;
  /** what had the focus when the dialog opened: it gets it back when the dialog closes */
  opener: HTMLElement | null;
  setOpen(open: boolean): void;
  setMode(mode: AuthMode, username?: string): void;
}

/** Whether the login dialog is open and in which mode; anything (the API client on 401, a submit button) may open it. */
export const useLoginModal = create<LoginModalState>((set) => ({
  open: false,
  mode: 'login',
  username: '',
  opener: null,
  setOpen: (open) => set(open ? { open } : { open, mode: 'login', username: '' }),
  setMode: (mode, username = '') => set({ mode, username }),
}));

export function openLoginModal(mode: AuthMode = 'login', username = ''): void {
  const { open, opener } = useLoginModal.getState();
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  useLoginModal.setState({
    open: true,
    mode: typeof mode === 'string' ? mode : 'login',
    username,
    // a mode switch inside the open dialog keeps the first opener
    opener: open ? opener : focused,
  });
}
