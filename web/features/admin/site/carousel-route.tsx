import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CarouselImage } from '@/shared/api/admin-config-types';
import { apiErrorText } from '@/shared/api/error-message';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PendingButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useCarousel, useCarouselChanges } from './api';

/** The image types the server takes (it checks the bytes; this only narrows the file picker). */
const ACCEPT = 'image/gif,image/jpeg,image/png,image/bmp,image/webp';

/** Root's home page carousel: the images in order, upload one more, remove one after asking. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.carousel'));
  const images = useCarousel();
  const { upload, remove } = useCarouselChanges();
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CarouselImage | null>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    upload.mutate(file, {
      onSuccess: (saved) => toast.success(saved.msg),
      onError: (error) => setFailure(apiErrorText(error, t)),
      onSettled: () => {
        // the same file may be chosen again after a refusal
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <TitledCard
      title={t('admin.menu.carousel')}
      testId="site-carousel"
      tools={
        <>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('admin.site.carousel.upload')}
            data-testid="site-carousel-file"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <PendingButton
            pending={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="site-carousel-upload"
          >
            <ImagePlus aria-hidden />
            {t('admin.site.carousel.upload')}
          </PendingButton>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">{t('admin.site.carousel.hint')}</p>
      {failure && (
        <p role="alert" className="text-sm text-destructive" data-testid="site-carousel-error">
          {failure}
        </p>
      )}
      {!images.data ? (
        <Skeleton className="h-40 w-full" />
      ) : images.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="site-carousel-empty">
          {t('admin.site.carousel.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {images.data.map((image, i) => (
            <li key={image.id} className="grid gap-2 rounded-md border p-2" data-testid="site-carousel-item">
              <img
                src={image.url}
                alt={t('admin.site.carousel.imageAlt', { n: i + 1 })}
                className="aspect-[16/7] w-full rounded bg-muted object-cover"
                loading="lazy"
              />
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm text-muted-foreground">#{i + 1}</span>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-9"
                  onClick={() => setRemoving(image)}
                  data-testid={`site-carousel-delete-${image.id}`}
                >
                  <Trash2 aria-hidden />
                  {t('admin.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('admin.site.carousel.confirmTitle')}
        description={t('admin.site.carousel.confirmText')}
        confirmLabel={t('admin.delete')}
        destructive
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: (done) => toast.success(done.msg) });
          setRemoving(null);
        }}
      />
    </TitledCard>
  );
}
