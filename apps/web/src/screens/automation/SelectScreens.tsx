import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import PlayIcon from 'lucide-react/icons/play';
import ZapIcon from 'lucide-react/icons/zap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { canControl, useAccessibleDevices, useDevicesQuery } from '../../data/devices.ts';
import { type AutomationKind, automationPaths } from '../../routes/automation-paths.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useOpenEditor } from './AutomationEditScreen.tsx';
import { notifyEventsOf } from './condition-meta.ts';
import { commandKeys, conditionKeys } from './text.ts';

/** select-automation-scenario: what to create from the tab's add button. */
export function SelectAutomationScenarioScreen() {
  const { t } = useTranslation();
  const openEditor = useOpenEditor();
  return (
    <StackScreen
      title={t('automation.select.title')}
      backTo={automationPaths.tab}
      testId="screen-select-automation-scenario"
    >
      <Section>
        <Row
          icon={PlayIcon}
          title={t('automation.newScenario')}
          subtitle={t('automation.select.scenarioHint')}
          onClick={() => openEditor('scenario', undefined, true)}
          testId="new-scenario"
        />
        <Row
          icon={ZapIcon}
          title={t('automation.newAutomation')}
          subtitle={t('automation.select.automationHint')}
          onClick={() => openEditor('automation', undefined, true)}
          testId="new-automation"
        />
      </Section>
    </StackScreen>
  );
}

type Purpose = 'condition' | AutomationKind;

/** A device may be a condition when it reports a value that can be compared. */
const mayBeCondition = (d: Device) => conditionKeys(d.deviceProfileId).length > 0;
/** A device may be a device-event (Notify) condition when its model raises an event. */
const raisesEvents = (d: Device) => notifyEventsOf(d.deviceProfileId).length > 0;
/** A device may be acted on when the caller controls it and it accepts writes. */
const mayBeCommanded = (d: Device) => canControl(d.access) && commandKeys(d.deviceProfileId).length > 0;

/**
 * select-device-in-automation (a condition's device; with `for=event`, a device-event condition's),
 * another-devices (an automation's action) and add-actions-for-scenario (a scenario's action): the
 * user's devices that fit, by place order.
 */
export function SelectDeviceScreen({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const forEvent = purpose === 'condition' && search.get('for') === 'event';
  const query = useDevicesQuery();
  const all = useAccessibleDevices(query.data);
  const devices = all.filter(
    forEvent ? raisesEvents : purpose === 'condition' ? mayBeCondition : mayBeCommanded,
  );
  const pick = (d: Device) => {
    const at = { id: d.id, deviceProfileId: d.deviceProfileId };
    void navigate(
      forEvent
        ? automationPaths.condition({ ...at, type: 'event' })
        : purpose === 'condition'
          ? automationPaths.condition(at)
          : automationPaths.command(at),
      { replace: true },
    );
  };
  const title = forEvent
    ? t('automation.selectDevice.event')
    : purpose === 'condition'
      ? t('automation.selectDevice.condition')
      : t('automation.selectDevice.command');
  const hint = forEvent
    ? t('automation.selectDevice.eventHint')
    : purpose === 'condition'
      ? t('automation.selectDevice.conditionHint')
      : undefined;
  return (
    <StackScreen title={title} testId="screen-select-device">
      <QueryView
        query={query}
        empty={{
          icon: LayoutGridIcon,
          title: t('automation.selectDevice.none'),
          body: t('automation.selectDevice.noneBody'),
        }}
        isEmpty={() => devices.length === 0}
      >
        {() => (
          <Section hint={hint}>
            {devices.map((d) => (
              <button
                key={d.id}
                type="button"
                onClick={() => pick(d)}
                className="flex min-h-16 w-full items-center gap-3 px-4 py-2 text-start hover:bg-surface-2/60"
                data-testid="device-option"
                data-device-id={d.id}
              >
                <DeviceGlyph profile={getProfile(d.deviceProfileId)} active offline={false} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{d.label}</span>
                  {d.assetLabel ? (
                    <span className="block truncate text-[13px] text-muted">{d.assetLabel}</span>
                  ) : null}
                </span>
              </button>
            ))}
          </Section>
        )}
      </QueryView>
    </StackScreen>
  );
}
