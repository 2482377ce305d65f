import type { Device } from '@hestia/contract';
import TagIcon from 'lucide-react/icons/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeChart } from '../../components/charts/TimeChart.tsx';
import { correctedNow } from '../../data/api.ts';
import { useOnline } from '../../data/connectivity.ts';
import { useEnergyQuery, useTariffQuery } from '../../data/telemetry-history.ts';
import { bucketLabel, formatAmount, formatDateTime, formatMoney } from '../../lib/chart-format.ts';
import { chartWaitOf } from '../../lib/chart-wait.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { Stat } from '../../ui/Stat.tsx';
import { useChartEnv } from './chart-env.ts';
import { TariffDialog } from './TariffDialog.tsx';

const PERIODS = ['today', '7d', '30d'] as const;
type Period = (typeof PERIODS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Today in hours, or the last 7 or 30 days in days, all starting at a local midnight. */
function periodWindow(period: Period, now: number) {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const start = midnight.getTime();
  if (period === 'today') return { startTs: start, endTs: start + DAY, bucket: 'HOUR' as const };
  const days = period === '7d' ? 7 : 30;
  return { startTs: start - (days - 1) * DAY, endTs: start + DAY, bucket: 'DAY' as const };
}

/** Energy in kWh per hour or day, derived from power by the server, and its cost at the user's tariff. */
export function EnergyCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const env = useChartEnv();
  const [period, setPeriod] = useState<Period>('today');
  const [tariffOpen, setTariffOpen] = useState(false);
  // One window per choice, so the query key stays put while the screen is open.
  const win = useMemo(() => periodWindow(period, correctedNow()), [period]);
  const energy = useEnergyQuery(device.id, win.startTs, win.endTs, win.bucket);
  const tariff = useTariffQuery();
  const data = energy.data;
  const series = useMemo(
    () => ({ ts: data?.buckets.map((b) => b.startTs) ?? [], values: data?.buckets.map((b) => b.kwh) ?? [] }),
    [data],
  );
  const currency = data?.currency ?? tariff.data?.currency ?? null;
  const online = useOnline();
  const wait = chartWaitOf(energy, online);

  return (
    <Card
      title={t('charts.energy.title')}
      testId="energy-card"
      aside={
        <Button
          variant="ghost"
          className="h-9! px-3 text-[13px]"
          icon={TagIcon}
          onClick={() => setTariffOpen(true)}
          data-testid="open-tariff"
          nowrap
        >
          {tariff.data ? t('charts.tariff.edit') : t('charts.tariff.set')}
        </Button>
      }
    >
      <div className="mb-3">
        <Segmented
          look="chips"
          label={t('charts.energy.period')}
          options={PERIODS.map((p) => ({ value: p, label: t(`charts.energy.${p}`) }))}
          value={period}
          onChange={setPeriod}
          testId="energy-period"
        />
      </div>
      <div className="mb-3 grid grid-cols-2 gap-2.5">
        <Stat
          label={t('charts.energy.total')}
          value={data ? t('charts.unit.kwh', { value: formatAmount(data.totalKwh, env.language, 3) }) : '—'}
          testId="energy-total"
        />
        <Stat
          label={t('charts.energy.cost')}
          value={
            data?.totalCost !== null && data?.totalCost !== undefined && currency
              ? formatMoney(data.totalCost, currency, env.language)
              : '—'
          }
          testId="energy-cost"
        />
      </div>
      <TimeChart
        kind="bars"
        ts={series.ts}
        values={series.values}
        window={{
          startTs: win.startTs - (win.bucket === 'HOUR' ? HOUR / 2 : DAY / 2),
          endTs: win.endTs - (win.bucket === 'HOUR' ? HOUR / 2 : DAY / 2),
        }}
        unit={t('charts.unit.kwhShort')}
        digits={3}
        language={env.language}
        rtl={env.rtl}
        theme={env.theme}
        formatX={(ts) =>
          win.bucket === 'HOUR'
            ? formatDateTime(ts, env.language, data?.timeZone)
            : bucketLabel(ts, 'DAY', env.language, data?.timeZone)
        }
        label={t('charts.energy.title')}
        emptyText={
          wait === 'offline'
            ? t('offline.pending')
            : wait === 'loading'
              ? t('common.loading')
              : t('charts.energy.empty')
        }
        testId="energy-chart"
        height={180}
      />
      {!tariff.isPending && !tariff.data ? (
        <p className="mt-3 rounded-2xl bg-accent-soft px-3.5 py-2.5 text-[13px] text-accent-text">
          {t('charts.tariff.hint')}
        </p>
      ) : tariff.data ? (
        <p className="mt-3 px-1 text-[13px] text-muted" data-testid="tariff-summary">
          {t('charts.tariff.current', {
            price: formatMoney(tariff.data.pricePerKwh, tariff.data.currency, env.language),
          })}
        </p>
      ) : null}
      {!online && data ? (
        <p className="mt-2 px-1 text-[13px] text-muted" data-testid="energy-offline">
          {t('charts.history.offline')}
        </p>
      ) : energy.isError ? (
        <p role="alert" className="mt-2 px-1 text-[13px] text-danger">
          {t('charts.energy.failed')}
        </p>
      ) : null}
      <TariffDialog open={tariffOpen} onClose={() => setTariffOpen(false)} current={tariff.data ?? null} />
    </Card>
  );
}
