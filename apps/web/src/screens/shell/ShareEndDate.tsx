import type { Share } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import { queryClient } from '../../data/session.ts';
import { shareKeys } from '../../data/shares.ts';
import { Button } from '../../ui/Button.tsx';
import { DateTimeField } from '../../ui/DateTimeField.tsx';
import { Section } from '../../ui/Section.tsx';
import { toast } from '../../ui/Toast.tsx';

/** An ISO time as a `datetime-local` value in this browser's time zone. */
const localValue = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * The owner sets when an accepted share ends (or that it never does): the server refuses the device
 * to the user from then on, on every route and socket (docs/decisions/007).
 */
export function ShareEndDate({ share }: { share: Share }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(localValue(share.expirationDate));
  const save = useMutation({
    mutationFn: (expiresAt: string | null) =>
      api.call('updateShare', { params: { id: share.deviceId, shareId: share.id }, body: { expiresAt } }),
    onSuccess: () => toast.success(t('shell.shareEnd.saved')),
    onError: (err) => toast.error(errorText(err, t)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.forDevice(share.deviceId) }),
  });
  return (
    <Section title={t('shell.shareEnd.title')} hint={t('shell.shareEnd.hint')}>
      <div className="space-y-3 p-4">
        <DateTimeField
          label={t('shell.shareEnd.label')}
          value={value}
          onChange={setValue}
          testId="share-end"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={!value}
            busy={save.isPending && save.variables !== null}
            onClick={() => save.mutate(new Date(value).toISOString())}
            data-testid="share-end-save"
          >
            {t('shell.shareEnd.save')}
          </Button>
          <Button
            variant="secondary"
            disabled={!share.expirationDate}
            busy={save.isPending && save.variables === null}
            onClick={() => {
              setValue('');
              save.mutate(null);
            }}
            data-testid="share-end-clear"
          >
            {t('shell.shareEnd.clear')}
          </Button>
        </div>
      </div>
    </Section>
  );
}
