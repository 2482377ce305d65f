import { keyOf } from '@hestia/catalog';
import HousePlugIcon from 'lucide-react/icons/house-plug';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { VacuumIcon } from '../../ui/device-glyphs.tsx';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { num } from '../settings/setting-controls.tsx';
import { useBatteryText } from './battery-text.ts';
import { OptionPills } from './fields.tsx';
import type { PanelProps } from './panels.ts';

/** smart-vacuum-cleaner [id]: what it is doing, the cleaning modes (move) and back to the dock (home). */
export default function VacuumPanel({ control }: PanelProps) {
  const { t } = useTranslation();
  const battery = useBatteryText();
  const [busy, setBusy] = useState<number | 'home' | null>(null);
  const profile = control.profile;
  if (!profile) return null;
  const state = num(control.values.state);
  const move = num(control.values.move);
  const moves = keyOf(profile, 'move')?.values ?? [];
  const stateText =
    state === 1
      ? t('devicePanels.vacuum.cleaning')
      : state === 2
        ? t('devicePanels.vacuum.returning')
        : state === 0
          ? t('devicePanels.vacuum.docked')
          : '—';
  const moveText = (v: number) =>
    v === 0
      ? t('devicePanels.vacuum.stop')
      : v === 1
        ? t('devicePanels.vacuum.clean')
        : v === 2
          ? t('devicePanels.vacuum.spot')
          : v === 3
            ? t('devicePanels.vacuum.edge')
            : String(v);
  const send = async (id: number | 'home', key: string, value: number) => {
    setBusy(id);
    await control.send([{ Key: key, Value: value }]);
    setBusy(null);
  };
  return (
    <div data-testid="vacuum-panel">
      <StatusHero
        icon={VacuumIcon}
        title={stateText}
        detail={battery(num(control.values.battery))}
        tone={state === 1 ? 'active' : 'quiet'}
        state={state}
        testId="vacuum-state"
      />
      {control.mayControl ? (
        <>
          <Section title={t('devicePanels.vacuum.mode')}>
            <div className="px-4 py-4">
              <OptionPills
                name={t('devicePanels.vacuum.mode')}
                options={moves}
                value={move}
                labelOf={moveText}
                busyValue={typeof busy === 'number' ? busy : null}
                disabled={!control.enabled}
                onPick={(v) => void send(v, 'move', v)}
                testId="vacuum-move"
              />
            </div>
          </Section>
          {keyOf(profile, 'home') ? (
            <Button
              variant="secondary"
              className="w-full"
              icon={HousePlugIcon}
              busy={busy === 'home'}
              disabled={!control.enabled}
              onClick={() => void send('home', 'home', 1)}
              data-testid="vacuum-home"
            >
              {t('devicePanels.vacuum.home')}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
