import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { UserInfo } from '@/shared/api/types';
import { AVATAR } from '@/shared/constants/profile';
import { PendingButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { UserAvatar } from '@/web/components/user-avatar';
import { useUploadAvatar } from '../api';
import { type AvatarProblem, avatarProblem } from '../avatar-check';
import { SettingsSection } from './settings-section';

/** 512 B, 37.5 KB, 1.25 MB */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** Pick an image (checked here first), see it, upload it: it becomes the avatar everywhere. */
export function AvatarSettings({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<AvatarProblem | null>(null);

  useEffect(() => {
    if (!file || problem) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, problem]);

  const onPick = (picked: File | undefined) => {
    setFile(picked ?? null);
    setProblem(picked ? avatarProblem(picked) : null);
  };

  const onUpload = () => {
    if (!file || problem) return;
    upload.mutate(file, {
      onSuccess: (res) => {
        toast.success(res.msg);
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <SettingsSection name="avatar">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar
          src={user.avatar}
          name={user.username}
          className="size-20 text-3xl"
          data-testid="settings-avatar-current"
        />
        {preview && (
          <>
            <span aria-hidden className="text-muted-foreground">
              →
            </span>
            <img
              src={preview}
              alt={t('profile.settings.avatarPreview')}
              className="size-20 rounded-full border object-cover"
              data-testid="avatar-preview"
            />
          </>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={AVATAR.accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="avatar-input"
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => input.current?.click()}
          data-testid="avatar-choose"
        >
          <ImageUp aria-hidden />
          {t('profile.settings.chooseImage')}
        </Button>
        <PendingButton
          type="button"
          pending={upload.isPending}
          disabled={!file || !!problem}
          onClick={onUpload}
          data-testid="avatar-upload"
        >
          {t('profile.settings.upload')}
        </PendingButton>
        {file && (
          <span className="min-w-0 truncate text-sm text-muted-foreground" data-testid="avatar-file">
            {t('profile.settings.selected', { name: file.name, size: fileSize(file.size) })}
          </span>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive" data-testid="avatar-error">
          {t(problem.key, problem.params)}
        </p>
      )}
    </SettingsSection>
  );
}
