import { profileUpdateBodies } from '@hestia/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProfileQuery, useUpdateProfile } from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { browserTimeZone } from '../../lib/date-format.ts';
import { supportedTimeZones, timeZoneOptions } from '../../lib/time-zones.ts';
import type { EditProfileType } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD, INPUT } from '../../ui/styles.ts';
import { TextField } from '../../ui/TextField.tsx';
import { ContactForm } from './ContactForm.tsx';
import { useDone } from './edit-done.ts';

const TYPES: readonly EditProfileType[] = ['name', 'email', 'phone', 'timeZone'];

interface NameFields {
  firstName: string;
  lastName: string;
}

/** The contract's body of a name update, after the app's own rule (a first name is needed). */
const nameResolver = contractResolver<NameFields>(
  profileUpdateBodies.Name,
  ({ firstName, lastName }) => ({ firstName: firstName.trim(), lastName: lastName.trim() }),
  ({ firstName }) => ({ firstName: firstName.trim() ? undefined : 'nameRequired' }),
  { firstName: 'nameRequired' },
);

function NameForm({ name, lastName }: { name: string; lastName: string }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<NameFields>({
    resolver: nameResolver,
    defaultValues: { firstName: name, lastName },
  });
  const update = useUpdateProfile();
  const done = useDone();
  const onSubmit = handleSubmit(({ firstName, lastName: last }) => {
    if (update.isPending) return;
    update.mutate(
      { type: 'Name', body: { firstName: firstName.trim(), lastName: last.trim() } },
      { onSuccess: done },
    );
  });
  const firstError = formState.errors.firstName?.message;
  return (
    <form noValidate onSubmit={onSubmit} className={`space-y-5 p-5 sm:p-6 ${CARD}`}>
      <TextField
        label={t('account.field.firstName')}
        data-testid="edit-first-name"
        autoComplete="given-name"
        {...register('firstName')}
        error={firstError ? t(`account.validation.${firstError as 'nameRequired'}`) : undefined}
      />
      <TextField
        label={t('account.field.lastName')}
        data-testid="edit-last-name"
        autoComplete="family-name"
        {...register('lastName')}
      />
      {update.isError ? <FormAlert>{accountErrorText(update.error, t)}</FormAlert> : null}
      <PrimaryButton busy={update.isPending} data-testid="edit-save">
        {update.isPending ? t('account.common.saving') : t('account.common.save')}
      </PrimaryButton>
    </form>
  );
}

function TimeZoneForm({ current }: { current: string }) {
  const { t } = useTranslation();
  // The profile's zone is always an option (UTC is not in the browser's list), and the one selected.
  const initial = current || browserTimeZone();
  const zones = useMemo(() => timeZoneOptions(initial, supportedTimeZones()), [initial]);
  const [zone, setZone] = useState(initial);
  const update = useUpdateProfile();
  const done = useDone();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!update.isPending)
          update.mutate({ type: 'TimeZone', body: { timeZone: zone } }, { onSuccess: done });
      }}
      className={`space-y-5 p-5 sm:p-6 ${CARD}`}
    >
      <label className="block">
        <span className="mb-2 block text-sm font-medium">{t('account.profile.timeZone')}</span>
        <select
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          data-testid="edit-time-zone-select"
          dir="ltr"
          className={INPUT}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </label>
      {update.isError ? <FormAlert>{accountErrorText(update.error, t)}</FormAlert> : null}
      <PrimaryButton busy={update.isPending} data-testid="edit-save">
        {t('account.common.save')}
      </PrimaryButton>
    </form>
  );
}

/** edit-profile [type, name, lastName, email, phone]: one field at a time; slides from the side. */
export default function EditProfileScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('type');
  const type: EditProfileType = TYPES.includes(raw as EditProfileType) ? (raw as EditProfileType) : 'name';
  const profile = useProfileQuery();
  return (
    <StackScreen
      backTo="/bottom-tab-bar-navigator/setting"
      title={t(`account.editProfile.title_${type}`)}
      slide="side"
      testId="screen-edit-profile"
    >
      <div className="mt-4">
        {type === 'name' ? (
          <NameForm name={params.get('name') ?? ''} lastName={params.get('lastName') ?? ''} />
        ) : type === 'email' ? (
          <ContactForm kind="email" current={params.get('email') ?? ''} />
        ) : type === 'phone' ? (
          <ContactForm kind="phone" current={params.get('phone') ?? ''} />
        ) : profile.data ? (
          <TimeZoneForm current={profile.data.timeZone} />
        ) : null}
      </div>
    </StackScreen>
  );
}
