import type { ModelProfile } from '@hestia/catalog';
import CircleDotIcon from 'lucide-react/icons/circle-dot';
import FanIcon from 'lucide-react/icons/fan';
import FlameIcon from 'lucide-react/icons/flame';
import LightbulbIcon from 'lucide-react/icons/lightbulb';
import LockIcon from 'lucide-react/icons/lock';
import PlugIcon from 'lucide-react/icons/plug';
import RadioIcon from 'lucide-react/icons/radio';
import SnowflakeIcon from 'lucide-react/icons/snowflake';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import WashingMachineIcon from 'lucide-react/icons/washing-machine';
import ZapIcon from 'lucide-react/icons/zap';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CurtainIcon, DeviceIcon, RemoteIcon } from '../ui/device-glyphs.tsx';
import { Spinner } from './Spinner.tsx';

/** Card icon by the profile's icon name (its family unless the model names another). */
const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  switch: LightbulbIcon,
  relay: LightbulbIcon,
  way_switch: LightbulbIcon,
  crossover_switch: LightbulbIcon,
  relay_controller: LightbulbIcon,
  plug: PlugIcon,
  curtain: CurtainIcon,
  fan_switch: FanIcon,
  fan: FanIcon,
  hood: FanIcon,
  fan_coil: ThermometerIcon,
  thermostat: ThermometerIcon,
  room_thermostat: ThermometerIcon,
  boiler: FlameIcon,
  water_heater: FlameIcon,
  stove: FlameIcon,
  cooktop: FlameIcon,
  oven: FlameIcon,
  microwave: FlameIcon,
  cooler: SnowflakeIcon,
  air_conditioner: SnowflakeIcon,
  refrigerator: SnowflakeIcon,
  washing_machine: WashingMachineIcon,
  dishwasher: WashingMachineIcon,
  door_lock: LockIcon,
  pir_sensor: RadioIcon,
  door_sensor: RadioIcon,
  vibration_sensor: RadioIcon,
  ir_remote: RemoteIcon,
  push_button: CircleDotIcon,
  pir_button: CircleDotIcon,
  scenario_key: CircleDotIcon,
  generator: ZapIcon,
  external_module: ZapIcon,
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
