import ZapIcon from 'lucide-react/icons/zap';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/QueryView.tsx';
import { useDeviceAutomationsQuery } from '../../data/timers.ts';
import { formatAmount } from '../../lib/chart-format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { PausedNote } from '../automation/ValueInput.tsx';
import { type DeviceContext, DeviceStackScreen, useRefetchOnAccessChange } from './device-screen.tsx';

function AutomationList({ ctx }: { ctx: DeviceContext }) {
  const { t, i18n } = useTranslation();
  const query = useDeviceAutomationsQuery(ctx.device.id);
  useRefetchOnAccessChange(ctx.access, query.refetch);
  const n = (v: number) => formatAmount(v, i18n.language, 0);
  return (
    <QueryView
      query={query}
      empty={{
        icon: ZapIcon,
        title: t('timers.automations.empty'),
        body: t('timers.automations.emptyBody'),
      }}
    >
      {(automations) => (
        <Section>
          {automations.map((a) => (
            <div key={a.id} data-testid="device-automation-row">
              <Row
                icon={ZapIcon}
                title={<bdi>{a.name}</bdi>}
                subtitle={[
                  ...(a.type === 'scenario'
                    ? [t('timers.automations.scenario')]
                    : [
                        t('timers.automations.conditions', {
                          count: a.conditionCount,
                          n: n(a.conditionCount),
                        }),
                      ]),
                  t('timers.automations.actions', { count: a.actionCount, n: n(a.actionCount) }),
                ].join(t('common.separator'))}
                trailing={
                  <span
                    className={`shrink-0 rounded-full px-2.5 py-1 text-[12px] font-medium ${
                      a.isActive ? 'bg-accent-soft text-accent-text' : 'bg-surface-2 text-muted'
                    }`}
                    data-testid="automation-state"
                  >
                    {a.isActive ? t('timers.automations.active') : t('timers.automations.inactive')}
                  </span>
                }
                to={automationPaths.addOrEdit(a.type, a.id)}
                testId="device-automation"
              />
              <PausedNote reason={a.pausedReason} className="mx-4 mb-3" />
            </div>
          ))}
        </Section>
      )}
    </QueryView>
  );
}

/** device-automation-list [id, deviceProfileId] (spec section 2): automations that involve this device. */
export function DeviceAutomationListScreen() {
  const { t } = useTranslation();
  return (
    <DeviceStackScreen title={t('timers.automations.title')} testId="screen-device-automation-list">
      {(ctx) => <AutomationList ctx={ctx} />}
    </DeviceStackScreen>
  );
}
