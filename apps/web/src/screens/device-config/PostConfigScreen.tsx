import { belowFirmwareFloor, postConfigBodySchema } from '@hestia/contract';
import CheckIcon from 'lucide-react/icons/check';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAssetTreeQuery } from '../../data/assets.ts';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { pickPlace } from '../../lib/places.ts';
import { controlPaths } from '../../routes/control-paths.ts';
import { useHomeStore } from '../../state/home-store.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { FormAlert, FormSuccess } from '../../ui/FormAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD } from '../../ui/styles.ts';
import { TextField } from '../../ui/TextField.tsx';
import { usePostConfig } from './pairing-data.ts';
import { usePairingStore } from './pairing-store.ts';
import { useModelName } from './parts.tsx';

interface PostConfigForm {
  placeId: string;
  /** '' keeps the device in the place itself, in no room. */
  roomId: string;
  label: string;
}

const resolver = contractResolver<PostConfigForm>(
  postConfigBodySchema,
  (v) => ({ label: v.label, assetId: v.roomId || v.placeId }),
  (v) => ({
    label: v.label.trim() === '' ? 'nameRequired' : undefined,
    placeId: v.placeId ? undefined : 'placeRequired',
  }),
  { label: 'nameTooLong', placeId: 'placeRequired' },
);

/**
 * post-config [deviceId]: the device is this user's now; its place, room (or none) and name, saved in
 * one step, then its control screen. A failure keeps everything on screen to try again.
 */
export function PostConfigScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { deviceId = '' } = useParams();
  const device = useDeviceQuery(deviceId);
  const tree = useAssetTreeQuery();
  const chosen = usePairingStore((s) => s.assetId) ?? useHomeStore.getState().defaultAssetId;
  const model = useModelName(device.data?.deviceProfileId);
  const save = usePostConfig();
  const { register, handleSubmit, watch, reset, setValue, formState } = useForm<PostConfigForm>({
    resolver,
    defaultValues: { placeId: '', roomId: '', label: '' },
  });
  const places = tree.data ?? [];
  const ready = Boolean(tree.data && device.data);
  // The defaults once known: the place chosen for the pair key, the model's name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the lists arrive.
  useEffect(() => {
    if (!ready) return;
    const place = pickPlace(places, chosen);
    reset({ placeId: place?.id ?? '', roomId: '', label: model ?? device.data?.label ?? '' });
  }, [ready]);
  const placeId = watch('placeId');
  const roomId = watch('roomId');
  const rooms = places.find((p) => p.id === placeId)?.children ?? [];
  const msg = (k: string | undefined) => (k ? t(`deviceConfig.post.${k as 'nameRequired'}`) : undefined);

  const onSubmit = handleSubmit(({ placeId, roomId, label }) => {
    if (save.isPending) return;
    save.mutate(
      { id: deviceId, label: label.trim(), assetId: roomId || placeId },
      {
        onSuccess: (saved) => {
          usePairingStore.getState().clear();
          void navigate(controlPaths.device(saved.id, saved.deviceProfileId), { replace: true });
        },
      },
    );
  });

  return (
    <StackScreen title={t('deviceConfig.post.title')} testId="screen-post-config" slide="side">
      <FormSuccess testId="post-config-added">{t('deviceConfig.post.added')}</FormSuccess>
      {/* Just paired and below the firmware floor (7.15): it will take no command (decision 042). */}
      {belowFirmwareFloor(device.data?.deviceData.current_fw_version) ? (
        <div className="mt-3">
          <FormAlert testId="post-config-firmware">{t('errors.FIRMWARE_TOO_OLD')}</FormAlert>
        </div>
      ) : null}
      {!ready ? (
        device.isError ? (
          <FormAlert>{errorText(device.error, t)}</FormAlert>
        ) : (
          <LoadingBlock />
        )
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className={`mt-5 space-y-5 p-5 ${CARD}`}
          aria-busy={save.isPending}
        >
          <Select
            label={t('deviceConfig.post.place')}
            value={placeId}
            options={places.map((p) => [p.id, p.name] as const)}
            onChange={(id) => {
              setValue('placeId', id, { shouldValidate: formState.isSubmitted });
              setValue('roomId', '');
            }}
            error={msg(formState.errors.placeId?.message)}
            testId="post-place"
          />
          <Select
            label={t('deviceConfig.post.room')}
            value={roomId}
            options={[
              ['', t('deviceConfig.post.noRoom')] as const,
              ...rooms.map((r) => [r.id, r.name] as const),
            ]}
            onChange={(id) => setValue('roomId', id)}
            testId="post-room"
          />
          <TextField
            label={t('deviceConfig.post.name')}
            maxLength={64}
            testId="post-name"
            {...register('label', { onChange: () => save.reset() })}
            error={msg(formState.errors.label?.message)}
          />
          {save.isError ? <FormAlert testId="post-config-error">{errorText(save.error, t)}</FormAlert> : null}
          <PrimaryButton icon={CheckIcon} busy={save.isPending} data-testid="post-config-save">
            {save.isError ? t('deviceConfig.common.retry') : t('deviceConfig.post.save')}
          </PrimaryButton>
        </form>
      )}
    </StackScreen>
  );
}
