import type { ModelProfile } from '@hestia/catalog';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CurtainIcon, DeviceIcon, RemoteIcon } from '../ui/device-glyphs.tsx';
import {
  BoltIcon,
  BulbIcon,
  ButtonIcon,
  FanIcon,
  FlameIcon,
  LockIcon,
  PlugIcon,
  SensorIcon,
  SnowIcon,
  ThermoIcon,
  WasherIcon,
} from '../ui/icons.tsx';
import { Spinner } from './Spinner.tsx';

/** Card icon by the profile's icon name (its family unless the model names another). */
const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  switch: BulbIcon,
  relay: BulbIcon,
  way_switch: BulbIcon,
  crossover_switch: BulbIcon,
  relay_controller: BulbIcon,
  plug: PlugIcon,
  curtain: CurtainIcon,
  fan_switch: FanIcon,
  fan: FanIcon,
  hood: FanIcon,
  fan_coil: ThermoIcon,
  thermostat: ThermoIcon,
  room_thermostat: ThermoIcon,
  boiler: FlameIcon,
  water_heater: FlameIcon,
  stove: FlameIcon,
  cooktop: FlameIcon,
  oven: FlameIcon,
  microwave: FlameIcon,
  cooler: SnowIcon,
  air_conditioner: SnowIcon,
  refrigerator: SnowIcon,
  washing_machine: WasherIcon,
  dishwasher: WasherIcon,
  door_lock: LockIcon,
  pir_sensor: SensorIcon,
  door_sensor: SensorIcon,
  vibration_sensor: SensorIcon,
  ir_remote: RemoteIcon,
  push_button: ButtonIcon,
  pir_button: ButtonIcon,
  scenario_key: ButtonIcon,
  generator: BoltIcon,
  external_module: BoltIcon,
};

interface DeviceGlyphProps {
  profile: ModelProfile | undefined;
  active: boolean;
  offline: boolean;
  /** The firmware red dot (spec section 4). */
  firmwareDot?: boolean;
}

/** The card's icon tile, chosen by the catalogue profile; a spinner while the profile is unknown. */
export function DeviceGlyph({ profile, active, offline, firmwareDot = false }: DeviceGlyphProps) {
  const { t } = useTranslation();
  const Icon = profile ? (ICONS[profile.icon] ?? ICONS[profile.family] ?? DeviceIcon) : null;
  const tone = offline
    ? 'bg-surface-2 text-muted grayscale'
    : active
      ? 'bg-accent-soft text-accent-text'
      : 'bg-surface-2 text-muted';
  return (
    <span
      className={`relative grid size-12 shrink-0 place-items-center rounded-2xl transition-colors ${tone}`}
      data-testid="device-icon"
      data-icon={profile?.icon ?? 'unknown'}
    >
      {Icon ? <Icon size={26} /> : <Spinner size={22} label={t('device.unknownProfile')} />}
      {firmwareDot ? (
        <span
          data-testid="firmware-dot"
          className="absolute -end-0.5 -top-0.5 size-3 rounded-full bg-danger ring-2 ring-surface"
        >
          <span className="sr-only">{t('home.card.firmware')}</span>
        </span>
      ) : null}
    </span>
  );
}
