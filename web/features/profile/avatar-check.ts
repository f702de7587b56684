import { AVATAR } from '@/shared/constants/profile';

const EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'];

export interface AvatarProblem {
  key: string;
  params?: Record<string, number>;
}

/**
 * The settings page's check before an upload, with the server's limits and messages: at most
 * 2 MB, and a GIF, JPEG, PNG, BMP or WebP by the browser's type (or the name when the browser
 * gives none). The server decides by the bytes all the same.
 */
export function avatarProblem(file: { name: string; size: number; type: string }): AvatarProblem | null {
  if (file.size === 0) return { key: 'profile.server.avatarRequired' };
  if (file.size > AVATAR.maxBytes) {
    return { key: 'profile.server.avatarTooLarge', params: { mb: AVATAR.maxBytes / 1024 / 1024 } };
  }
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const typeOk = file.type
    ? (AVATAR.mimeTypes as readonly string[]).includes(file.type)
    : EXTENSIONS.includes(extension);
  return typeOk ? null : { key: 'profile.server.avatarType' };
}
