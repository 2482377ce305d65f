import { keyOf, uiFields } from '@hestia/catalog';
import ActivityIcon from 'lucide-react/icons/activity';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import SnowflakeIcon from 'lucide-react/icons/snowflake';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import { useTranslation } from 'react-i18next';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { fridgePaths } from '../../routes/fridge-paths.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { ToggleField, useValueText } from './fields.tsx';
import { PickerRow } from './PickerRow.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, useSender } from './sender.ts';
import { isolate } from './WaterPickers.tsx';

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** One compartment: its temperature, door, and the setpoint's temperature picker. */
function Compartment({
  control,
  name,
  temperature,
  setpoint,
  door,
  testId,
}: {
  control: DeviceControl;
  name: string;
  temperature: string;
  setpoint: string;
  door: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const def = control.profile ? keyOf(control.profile, setpoint) : undefined;
  const open = on(control.values[door]);
  return (
    <section
      className="mb-4 overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
      aria-label={name}
      data-testid={testId}
    >
      <div className="flex items-center gap-3 px-4 pt-4 pb-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[16px] font-semibold text-ink">{name}</h2>
          <p
            className={`text-[13px] ${open ? 'font-semibold text-danger' : 'text-muted'}`}
            data-testid={`value-${door}`}
            data-on={open}
          >
            {control.values[door] === undefined
              ? t('control.noValue')
              : open
                ? t('water.fridge.doorOpen')
                : t('water.fridge.doorClosed')}
          </p>
        </div>
        <span className="text-[30px] font-semibold tabular-nums text-ink">
          <bdi data-testid={`value-${temperature}`}>{valueText(control.values[temperature], '°C', 0)}</bdi>
        </span>
      </div>
      {def?.min !== undefined && def.max !== undefined ? (
        <PickerRow
          icon={ThermometerIcon}
          title={text.title(def.title, setpoint)}
          keyName={setpoint}
          value={num(control.values[setpoint])}
          options={range(def.min, def.max)}
          labelOf={(v) => isolate(valueText(v, '°C', 0))}
          control={control}
          testId={`pick-${setpoint}`}
        />
      ) : null}
    </section>
  );
}

/**
 * Refrigerators and freezers (combi-refrigerator, refrigerator-screen, freezer-refrigerator; issue 19):
 * each compartment's temperature, door and setpoint picker; super cool, super freeze, eco, ice maker
 * and water filter; the display's lock, mute and light; test mode; and the error and input/output
 * screens (refrigerator-combi-error, refrigerator-combi-input-output), routes of their own opened from
 * the Service section (RefrigeratorScreens.tsx).
 * Fast cooling or freezing and eco exclude each other (spec section 5): the catalogue's rule refuses
 * the second before it is sent, and the device refuses it again.
 */
export default function RefrigeratorPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const sender = useSender(control);
  const profile = control.profile;
  if (!profile) return null;
  const fields = uiFields(profile);
  const toggle = (key: string) => {
    const f = fields.find((x) => x.key === key);
    return f ? <ToggleField key={key} field={f} control={control} sender={sender} /> : null;
  };
  const has = (key: string) => keyOf(profile, key) !== undefined;

  return (
    <div data-testid="fridge-panel">
      <Compartment
        control={control}
        name={t('water.fridge.fridge')}
        temperature="fridge_temperature"
        setpoint="fridge_setpoint"
        door="fridge_door"
        testId="compartment-fridge"
      />
      {has('freezer_setpoint') ? (
        <Compartment
          control={control}
          name={t('water.fridge.freezer')}
          temperature="freezer_temperature"
          setpoint="freezer_setpoint"
          door="freezer_door"
          testId="compartment-freezer"
        />
      ) : null}

      <Section title={t('water.fridge.modes')} hint={t('water.fridge.modesHint')}>
        {toggle('supercool')}
        {toggle('superfrost')}
        {toggle('economic')}
        {toggle('iceon')}
        {toggle('waterfilter')}
      </Section>

      <Section title={text.group('display')}>
        {toggle('lock')}
        {toggle('mute')}
        {toggle('lightseg')}
      </Section>

      <Section title={text.group('service')}>
        {toggle('test_mode')}
        <Row
          icon={ActivityIcon}
          title={t('water.fridge.io')}
          subtitle={t('water.fridge.ioHint')}
          to={fridgePaths.io(control.device?.id ?? '')}
          testId="open-fridge-io"
        />
        <Row
          icon={control.fault ? CircleAlertIcon : SnowflakeIcon}
          tone={control.fault ? 'danger' : 'default'}
          title={t('water.fridge.errors')}
          subtitle={control.fault ? control.fault.message : t('water.fridge.noErrors')}
          to={fridgePaths.errors(control.device?.id ?? '')}
          testId="open-fridge-errors"
        />
      </Section>
    </div>
  );
}
