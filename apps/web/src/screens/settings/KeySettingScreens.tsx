import { keyOf } from '@hestia/catalog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DeviceControl } from '../../data/control.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useSender } from '../control/sender.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import { useKeyTitles } from './key-titles.ts';
import { ChoiceRow, num, SettingSlider, ToggleRow, ValueRow } from './setting-controls.tsx';
import { numberedKeys } from './setting-links.ts';

function LightIntensity({ control }: { control: DeviceControl }) {
  const { t } = useTranslation();
  const { busy, run } = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const slider = (key: string, title: string, hint: string) => {
    const def = keyOf(profile, key);
    return (
      <Section hint={hint}>
        {def ? <SettingSlider def={def} title={title} control={control} busy={busy} run={run} /> : null}
      </Section>
    );
  };
  return (
    <>
      {slider('keys_light_intensity_l', t('deviceSettings.light.low'), t('deviceSettings.light.lowHint'))}
      {slider('keys_light_intensity_h', t('deviceSettings.light.high'), t('deviceSettings.light.highHint'))}
    </>
  );
}

/** light-intensity [id]: the touch panel's backlight when its keys are off and on. */
export function LightIntensityScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.lightIntensity')} testId="screen-light-intensity">
      {(control) => <LightIntensity control={control} />}
    </DeviceFrame>
  );
}

/** beep [id]: the key beep on or off. */
export function BeepScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.beep')} testId="screen-beep">
      {(control) => <Beep control={control} />}
    </DeviceFrame>
  );
}

function Beep({ control }: { control: DeviceControl }) {
  const { t } = useTranslation();
  const { busy, run } = useSender(control);
  const value = num(control.values.beep_status);
  return (
    <Section hint={t('deviceSettings.beep.hint')}>
      <ToggleRow
        title={t('deviceSettings.beep.title')}
        checked={value === undefined ? undefined : value === 1}
        disabled={!control.enabled}
        busy={busy === 'beep_status'}
        onChange={(on) => void run('beep_status', [{ Key: 'beep_status', Value: on ? 1 : 0 }])}
        testId="beep_status"
      />
    </Section>
  );
}

/** memory-status [id]: what each relay does when power returns (off, on, as before). */
export function MemoryStatusScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.memoryStatus')} testId="screen-memory-status">
      {(control) => <MemoryStatus id={id} control={control} />}
    </DeviceFrame>
  );
}

function MemoryStatus({ id, control }: { id: string; control: DeviceControl }) {
  const { t } = useTranslation();
  const { busy, run } = useSender(control);
  const titleOf = useKeyTitles(id, control.profile);
  const keys = control.profile ? numberedKeys(control.profile, 'relay_memory_mode_') : [];
  const options = [
    { value: 0, label: t('deviceSettings.memory.off') },
    { value: 1, label: t('deviceSettings.memory.on') },
    { value: 2, label: t('deviceSettings.memory.previous') },
  ] as const;
  return (
    <Section hint={t('deviceSettings.memory.hint')}>
      {keys.map((key) => {
        const n = key.slice('relay_memory_mode_'.length);
        return (
          <ChoiceRow
            key={key}
            title={<bdi>{titleOf(`relay_${n}`)}</bdi>}
            name={titleOf(`relay_${n}`)}
            value={num(control.values[key])}
            options={options}
            disabled={!control.enabled}
            busy={busy === key}
            onChange={(v) => void run(key, [{ Key: key, Value: v }])}
            testId={key}
          />
        );
      })}
    </Section>
  );
}

/** temperature-range [id]: the board temperature, its offset and any temperature limits of the model. */
export function TemperatureRangeScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.temperatureRange')} testId="screen-temperature-range">
      {(control) => <TemperatureRange control={control} />}
    </DeviceFrame>
  );
}

function TemperatureRange({ control }: { control: DeviceControl }) {
  const { t, i18n } = useTranslation();
  const { busy, run } = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const temperature = num(control.values.temperature);
  const settable = profile.keys.filter(
    (k) =>
      k.kind === 'number' &&
      k.access === 'rw' &&
      (k.key === 'temperature_offset' || /temperature_(min|max)$/.test(k.key)),
  );
  const titleOf = (key: string) =>
    key === 'temperature_offset'
      ? t('deviceSettings.temperature.offset')
      : key.endsWith('_min')
        ? t('deviceSettings.temperature.min')
        : t('deviceSettings.temperature.max');
  return (
    <>
      <Section>
        <ValueRow
          label={t('deviceSettings.temperature.current')}
          value={
            temperature === undefined
              ? '—'
              : `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(temperature)} °C`
          }
          testId="temperature-value"
        />
      </Section>
      <Section hint={t('deviceSettings.temperature.hint')}>
        {settable.map((k) => (
          <SettingSlider key={k.key} def={k} title={titleOf(k.key)} control={control} busy={busy} run={run} />
        ))}
      </Section>
    </>
  );
}

/** edit-curtain-name [id]: the names of up to three curtains, kept on the device (curtain_name1..3). */
export function EditCurtainNameScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.editCurtainName')} testId="screen-edit-curtain-name">
      {(control) => <CurtainNames control={control} />}
    </DeviceFrame>
  );
}

const CURTAIN_NAME_MAX = 32;

function CurtainNames({ control }: { control: DeviceControl }) {
  const { t, i18n } = useTranslation();
  const keys = control.profile ? numberedKeys(control.profile, 'curtain_name') : [];
  const reported = keys.map((k) => String(control.values[k] ?? ''));
  const [names, setNames] = useState<string[]>(reported);
  const [saving, setSaving] = useState(false);
  const reportedText = reported.join('\u0000');
  // Follow the device until the user starts typing.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!dirty) setNames(reportedText.split('\u0000'));
  }, [reportedText, dirty]);
  const errors = names.map((n) => (n.trim() === '' ? t('deviceSettings.curtains.required') : null));
  const save = async () => {
    setSaving(true);
    const ok = await control.send(keys.map((k, i) => ({ Key: k, Value: (names[i] ?? '').trim() })));
    setSaving(false);
    if (ok) {
      toast.success(t('deviceSettings.saved'));
      setDirty(false);
    }
  };
  return (
    <>
      <Section hint={t('deviceSettings.curtains.hint')}>
        <fieldset disabled={!control.mayControl} className="m-0 min-w-0 space-y-4 border-0 px-4 py-4">
          {keys.map((k, i) => (
            <TextField
              key={k}
              label={t('deviceSettings.curtains.name', {
                n: new Intl.NumberFormat(i18n.language).format(i + 1),
              })}
              value={names[i] ?? ''}
              maxLength={CURTAIN_NAME_MAX}
              error={dirty ? errors[i] : null}
              onValueChange={(v) => {
                setDirty(true);
                setNames((prev) => prev.map((x, j) => (j === i ? v : x)));
              }}
              testId={k}
            />
          ))}
        </fieldset>
      </Section>
      <Button
        className="w-full"
        busy={saving}
        disabled={!control.enabled || !dirty || errors.some(Boolean)}
        onClick={() => void save()}
        data-testid="save-curtain-names"
      >
        {t('home.save')}
      </Button>
    </>
  );
}
