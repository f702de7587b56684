import { create } from 'zustand';

interface LoginModalState {
  open: boolean;
  setOpen(open: boolean): void;
}

/** Whether the login dialog is open; anything (the API client on 401, a submit button) may open it. */
export const useLoginModal = create<LoginModalState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

export function openLoginModal(): void {
  useLoginModal.getState().setOpen(true);
}
