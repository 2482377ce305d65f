import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeviceGlyph } from '../../components/DeviceGlyph.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { StaleBadge } from '../../components/StaleBadge.tsx';
import { useDeviceQuery, useDevicesQuery } from '../../data/devices.ts';
import { useDeviceFreshness } from '../../data/freshness.ts';
import { useDeviceValues } from '../../data/live.ts';
import { useLiveSubscription } from '../../data/live-subscription.ts';
import { formatAmount } from '../../lib/chart-format.ts';
import { cardStateOf, numberOf } from '../../lib/device-state.ts';
import { homePaths } from '../../routes.ts';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { EnergyCard } from './EnergyCard.tsx';
import { chartMetricsOf, HistoryChartCard } from './HistoryChartCard.tsx';
import { ReportsCard } from './ReportsCard.tsx';

const UNITS: Record<string, string> = { power: 'W', temperature: '°C', voltage: 'V', current: 'A' };

/** The device, its connection and its current readings, each marked when older than it should be. */
function DeviceSummary({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const values = useDeviceValues(device.id);
  const state = cardStateOf(values);
  const freshness = useDeviceFreshness(device.id, device.deviceProfileId);
  const readings = chartMetricsOf(device).filter((m) => values?.[m.key] !== undefined);
  return (
    <div className="mb-5 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line/60">
      <div className="flex items-center gap-3.5">
        <DeviceGlyph
          profile={getProfile(device.deviceProfileId)}
          active={state === 'online'}
          offline={state === 'offline'}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-[17px] font-semibold" data-testid="reports-device-name">
            <bdi>{device.label}</bdi>
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-[13px] text-muted">
            {state === 'online'
              ? t('device.online')
              : state === 'offline'
                ? t('device.offline')
                : t('device.connecting')}
            <StaleBadge deviceId={device.id} deviceProfileId={device.deviceProfileId} />
          </p>
        </div>
      </div>
      {readings.length > 0 ? (
        <dl className="mt-4 grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          {readings.map((m) => {
            const old = freshness.outdatedKeys.includes(m.key);
            const n = numberOf(values?.[m.key]?.[1]);
            return (
              <div
                key={m.key}
                className="rounded-2xl bg-surface-2 px-3 py-2.5"
                data-testid={`reading-${m.key}`}
                data-outdated={old || undefined}
              >
                <dt className="text-[12px] font-medium text-muted">
                  {t(`charts.metric.${m.key}` as 'charts.metric.power')}
                </dt>
                <dd
                  className={`mt-0.5 text-[17px] font-bold tabular-nums ${old ? 'text-muted line-through decoration-1' : ''}`}
                >
                  {n === undefined
                    ? '—'
                    : `${formatAmount(n, i18n.language, m.digits)} ${UNITS[m.key] ?? ''}`}
                  {old ? <span className="sr-only">{`, ${t('charts.freshness.outdated')}`}</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      {freshness.outdatedKeys.length > 0 ? (
        <p className="mt-2 px-1 text-[12px] text-muted" aria-hidden="true">
          {t('charts.freshness.outdatedHint')}
        </p>
      ) : null}
    </div>
  );
}

/** device-reports [id] (spec section 2): charts, energy and cost, reports and the device's history. */
export function DeviceReportsScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const devices = useDevicesQuery();
  const query = useDeviceQuery(id);
  // Keep the whole list subscribed, so returning to the dashboard needs no new subscription.
  useLiveSubscription(devices.data);
  return (
    <StackScreen
      title={t('charts.title')}
      backTo={homePaths.deviceSetting(id)}
      testId="screen-device-reports"
    >
      <QueryView query={query} keepData>
        {(device) => (
          <>
            <DeviceSummary device={device} />
            <HistoryChartCard device={device} />
            {getProfile(device.deviceProfileId)?.features.includes('power_metering') ? (
              <EnergyCard device={device} />
            ) : null}
            <ReportsCard device={device} />
          </>
        )}
      </QueryView>
    </StackScreen>
  );
}
