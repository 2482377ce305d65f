import PencilIcon from 'lucide-react/icons/pencil';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DeviceControl } from '../../data/control.ts';
import { errorText } from '../../data/errors.ts';
import { settingsPaths } from '../../routes/settings-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DeviceFrame } from './DeviceFrame.tsx';
import { slotNumber, useKeyTitles } from './key-titles.ts';
import { ChoiceRow, num } from './setting-controls.tsx';
import { pushKeysOf, relayKeysOf } from './setting-links.ts';
import { useKeyLabelsQuery, useSetKeyLabels } from './settings-data.ts';

const TITLE_MAX = 32;

/** edit-key-title [id]: the user's title of each key, kept by the server (`key-labels`). */
export function EditKeyTitleScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.editKeyTitle')} testId="screen-edit-key-title" quiet>
      {(control) => <KeyTitles id={id} control={control} />}
    </DeviceFrame>
  );
}

function KeyTitles({ id, control }: { id: string; control: DeviceControl }) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  const labels = useKeyLabelsQuery(id);
  const save = useSetKeyLabels(id);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const list = labels.data?.labels ?? [];
  const profile = control.profile;
  // Keys of the model that carry a title (relays or push keys); other labels belong to other screens.
  const keys = profile ? [...relayKeysOf(profile), ...pushKeysOf(profile)] : [];
  const shown = list.filter((l) => keys.includes(l.key));
  useEffect(() => {
    if (labels.data && draft === null)
      setDraft(Object.fromEntries(labels.data.labels.map((l) => [l.key, l.title ?? ''])));
  }, [labels.data, draft]);

  if (labels.isError)
    return <ErrorState message={errorText(labels.error, t)} onRetry={() => void labels.refetch()} />;
  if (!labels.data || draft === null) return <LoadingBlock />;
  const changed = shown.filter((l) => (draft[l.key] ?? '').trim() !== (l.title ?? ''));
  return (
    <>
      {control.mayControl ? null : (
        <p
          data-testid="view-only-notice"
          className="mb-4 rounded-2xl bg-accent-soft px-4 py-3 text-[14px] text-accent-text"
        >
          {t('deviceSettings.viewOnly')}
        </p>
      )}
      <Section hint={t('deviceSettings.titles.hint')}>
        <fieldset disabled={!control.mayControl} className="m-0 min-w-0 space-y-4 border-0 px-4 py-4">
          {shown.map((l) => (
            <TextField
              key={l.key}
              label={t('deviceSettings.keys.default', { n: fmt.format(slotNumber(profile, l.key)) })}
              placeholder={t('deviceSettings.keys.default', { n: fmt.format(slotNumber(profile, l.key)) })}
              value={draft[l.key] ?? ''}
              maxLength={TITLE_MAX}
              onValueChange={(v) => setDraft((d) => ({ ...d, [l.key]: v }))}
              testId={`title-${l.key}`}
            />
          ))}
        </fieldset>
      </Section>
      <Button
        className="w-full"
        busy={save.isPending}
        disabled={!control.mayControl || changed.length === 0}
        data-testid="save-key-titles"
        onClick={() =>
          save.mutate(
            changed.map((l) => ({ key: l.key, title: (draft[l.key] ?? '').trim() })),
            {
              onSuccess: () => toast.success(t('deviceSettings.saved')),
              onError: (err) => toast.error(errorText(err, t)),
            },
          )
        }
      >
        {t('home.save')}
      </Button>
    </>
  );
}

/** switch-keyList-screen [deviceId]: each key with its title, its state and its channel action mode. */
export function SwitchKeyListScreen() {
  const { t } = useTranslation();
  const { deviceId = '' } = useParams();
  return (
    <DeviceFrame
      id={deviceId}
      title={t('deviceSettings.links.switchKeyList')}
      testId="screen-switch-key-list"
    >
      {(control) => <KeyList id={deviceId} control={control} />}
    </DeviceFrame>
  );
}

function KeyList({ id, control }: { id: string; control: DeviceControl }) {
  const { t } = useTranslation();
  const titleOf = useKeyTitles(id, control.profile);
  const [busy, setBusy] = useState<string | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const keys = [...relayKeysOf(profile), ...pushKeysOf(profile)];
  const modes = [
    { value: 0, label: t('deviceSettings.press.tap') },
    { value: 1, label: t('deviceSettings.press.hold') },
  ] as const;
  const stateOf = (key: string) => {
    const v = num(control.values[key]);
    if (v === undefined) return '—';
    if (key.startsWith('relay_')) return v === 1 ? t('device.on') : t('device.off');
    return v === 1
      ? t('deviceSettings.press.tapped')
      : v === 2
        ? t('deviceSettings.press.held')
        : t('deviceSettings.press.idle');
  };
  return (
    <>
      {keys.map((key) => {
        const n = slotNumber(profile, key);
        const modeKey = `channel_action_mode_${n}`;
        const hasMode = profile.keys.some((k) => k.key === modeKey);
        return (
          <Section key={key}>
            <Row
              icon={PencilIcon}
              title={<bdi data-testid={`key-title-${key}`}>{titleOf(key)}</bdi>}
              subtitle={stateOf(key)}
              to={settingsPaths.editKeyTitle(id)}
              testId={`key-row-${key}`}
            />
            {hasMode ? (
              <ChoiceRow
                title={t('deviceSettings.press.mode')}
                value={num(control.values[modeKey])}
                options={modes}
                disabled={!control.enabled}
                busy={busy === modeKey}
                onChange={(v) => {
                  setBusy(modeKey);
                  void control.send([{ Key: modeKey, Value: v }]).finally(() => setBusy(null));
                }}
                testId={modeKey}
              />
            ) : null}
          </Section>
        );
      })}
    </>
  );
}
