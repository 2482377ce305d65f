import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import PlayIcon from 'lucide-react/icons/play';
import ZapIcon from 'lucide-react/icons/zap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { canControl, useAccessibleDevices, useDevicesQuery } from '../../data/devices.ts';
import { type AutomationKind, automationPaths } from '../../routes/automation-paths.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { useOpenEditor } from './AutomationEditScreen.tsx';
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
/** A device may be acted on when the caller controls it and it accepts writes. */
const mayBeCommanded = (d: Device) => canControl(d.access) && commandKeys(d.deviceProfileId).length > 0;

/**
 * select-device-in-automation (a condition's device), another-devices (an automation's action) and
 * add-actions-for-scenario (a scenario's action): the user's devices that fit, by place order.
 */
export function SelectDeviceScreen({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useDevicesQuery();
  const all = useAccessibleDevices(query.data);
  const devices = all.filter(purpose === 'condition' ? mayBeCondition : mayBeCommanded);
  const pick = (d: Device) =>
    void navigate(
      purpose === 'condition'
        ? automationPaths.condition({ id: d.id, deviceProfileId: d.deviceProfileId })
        : automationPaths.command({ id: d.id, deviceProfileId: d.deviceProfileId }),
      { replace: true },
    );
  const title =
    purpose === 'condition' ? t('automation.selectDevice.condition') : t('automation.selectDevice.command');
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
          <Section hint={purpose === 'condition' ? t('automation.selectDevice.conditionHint') : undefined}>
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
