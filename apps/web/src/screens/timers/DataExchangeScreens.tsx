import ArrowRightLeftIcon from 'lucide-react/icons/arrow-right-left';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { canControl, useDevicesQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import {
  useAddDataExchange,
  useDataExchangeParams,
  useDataExchangesQuery,
  useDeleteDataExchange,
} from '../../data/timers.ts';
import { timerPaths } from '../../routes/timer-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { ArrowIcon } from '../../ui/icons.tsx';
import { Section } from '../../ui/Section.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/Toast.tsx';
import { PausedNote } from '../automation/ValueInput.tsx';
import { type DeviceContext, DeviceStackScreen } from './device-screen.tsx';
import { type ExchangeForm, exchangeResolver } from './exchange-form.ts';
import { keyTitle } from './timer-text.ts';

function ExchangeList({ ctx }: { ctx: DeviceContext }) {
  const { t } = useTranslation();
  const id = ctx.device.id;
  const query = useDataExchangesQuery(id);
  const devices = useDevicesQuery();
  const remove = useDeleteDataExchange(id);
  const [deleting, setDeleting] = useState<string | null>(null);
  const nameOf = (deviceId: string) =>
    devices.data?.find((d) => d.id === deviceId)?.label ?? t('timers.exchange.unknownDevice');
  const target = query.data?.find((x) => x.id === deleting);
  return (
    <QueryView
      query={query}
      empty={{
        icon: ArrowRightLeftIcon,
        title: t('timers.exchange.empty'),
        body: t('timers.exchange.emptyBody'),
      }}
    >
      {(exchanges) => (
        <>
          <Section hint={t('timers.exchange.hint')}>
            {exchanges.map((x) => (
              <div
                key={x.id}
                className="flex min-h-16 items-center gap-3 ps-4 pe-2 py-2.5"
                data-testid="exchange-row"
                data-exchange-id={x.id}
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
                  <ArrowRightLeftIcon size={20} />
                </span>
                <div className="min-w-0 flex-1 text-[15px]">
                  <p className="flex flex-wrap items-center gap-x-1.5 font-medium">
                    <span>{keyTitle(x.sourceParameter, t)}</span>
                    <ArrowIcon size={16} className="text-muted" />
                    <span>{keyTitle(x.targetParameter, t)}</span>
                  </p>
                  <p className="truncate text-[13px] text-muted">
                    {t('timers.exchange.onDevice')} <bdi>{nameOf(x.targetDeviceId)}</bdi>
                  </p>
                  <PausedNote reason={x.pausedReason} className="mt-1.5" />
                </div>
                <button
                  type="button"
                  onClick={() => setDeleting(x.id)}
                  aria-label={t('timers.exchange.delete')}
                  data-testid="exchange-delete"
                  className="grid size-11 shrink-0 place-items-center rounded-full text-danger hover:bg-danger-soft"
                >
                  <Trash2Icon size={20} />
                </button>
              </div>
            ))}
          </Section>
          <ConfirmDialog
            open={deleting !== null}
            title={t('timers.exchange.deleteTitle')}
            body={
              target
                ? t('timers.exchange.deleteBody', {
                    source: keyTitle(target.sourceParameter, t),
                    target: keyTitle(target.targetParameter, t),
                    device: nameOf(target.targetDeviceId),
                  })
                : ''
            }
            confirmLabel={t('timers.exchange.delete')}
            busy={remove.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() =>
              deleting &&
              remove.mutate(deleting, {
                onSuccess: () => {
                  setDeleting(null);
                  toast.success(t('timers.exchange.deleted'));
                },
                onError: (err) => {
                  setDeleting(null);
                  toast.error(errorText(err, t));
                },
              })
            }
          />
        </>
      )}
    </QueryView>
  );
}

/** data-exchange-list (spec section 2): this device's parameters feeding other devices' parameters. */
export function DataExchangeListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DeviceStackScreen
      title={t('timers.exchange.title')}
      testId="screen-data-exchange-list"
      footer={(ctx) =>
        ctx.mayControl ? (
          <Button
            className="w-full"
            icon={PlusIcon}
            data-testid="exchange-add"
            onClick={() => void navigate(timerPaths.connectionDevice(ctx.device.id))}
          >
            {t('timers.exchange.add')}
          </Button>
        ) : null
      }
    >
      {(ctx) => <ExchangeList ctx={ctx} />}
    </DeviceStackScreen>
  );
}

function ConnectionForm({ ctx }: { ctx: DeviceContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = ctx.device.id;
  const params = useDataExchangeParams(id);
  const devices = useDevicesQuery();
  const targets = (devices.data ?? []).filter((d) => canControl(d.access));
  // The form on react-hook-form, checked by the contract's dataExchangeBodySchema when it is sent.
  const form = useForm<ExchangeForm>({
    defaultValues: { sourceParameter: '', targetDeviceId: '', targetParameter: '' },
    resolver: exchangeResolver,
    shouldFocusError: false,
  });
  const { sourceParameter: source, targetDeviceId: targetId, targetParameter: targetKey } = form.watch();
  const { errors, isSubmitted } = form.formState;
  const set = (field: keyof ExchangeForm, value: string) => {
    form.setValue(field, value, { shouldDirty: true });
    if (isSubmitted) void form.trigger();
  };
  const fieldError = (field: keyof ExchangeForm) => {
    const key = errors[field]?.message;
    return key ? t(`timers.${key}` as 'timers.validation.rejected') : null;
  };
  const targetParams = useDataExchangeParams(targetId || undefined);
  const add = useAddDataExchange(id);
  const [error, setError] = useState<string | null>(null);
  const send = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        toast.success(t('timers.exchange.added'));
        void navigate(timerPaths.dataExchangeList(id), { replace: true });
      },
      onError: (err) => setError(errorText(err, t)),
    }),
  );
  const none = ['', t('timers.exchange.choose')] as const;

  if (params.isError) return <ErrorState message={errorText(params.error, t)} />;
  if (!params.data || !devices.data) return <LoadingBlock />;
  const ready = source !== '' && targetId !== '' && targetKey !== '';
  return (
    <div className="space-y-5">
      <p className="px-1 text-[14px] leading-relaxed text-muted">{t('timers.exchange.explain')}</p>
      <Select
        label={t('timers.exchange.source')}
        value={source}
        options={[none, ...params.data.sources.map((p) => [p.key, keyTitle(p.key, t)] as const)]}
        onChange={(v) => set('sourceParameter', v)}
        error={fieldError('sourceParameter')}
        testId="exchange-source"
      />
      <Select
        label={t('timers.exchange.targetDevice')}
        value={targetId}
        options={[none, ...targets.map((d) => [d.id, d.label] as const)]}
        onChange={(v) => {
          set('targetDeviceId', v);
          set('targetParameter', '');
        }}
        error={fieldError('targetDeviceId')}
        testId="exchange-target-device"
      />
      {targetId ? (
        targetParams.data ? (
          <Select
            label={t('timers.exchange.targetParameter')}
            value={targetKey}
            options={[none, ...targetParams.data.targets.map((p) => [p.key, keyTitle(p.key, t)] as const)]}
            onChange={(v) => set('targetParameter', v)}
            error={fieldError('targetParameter')}
            testId="exchange-target-parameter"
          />
        ) : (
          <LoadingBlock />
        )
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
          data-testid="exchange-error"
        >
          {error}
        </p>
      ) : null}
      <Button
        className="w-full"
        disabled={!ready}
        busy={add.isPending}
        data-testid="exchange-save"
        onClick={() => {
          setError(null);
          void send();
        }}
      >
        {t('timers.exchange.save')}
      </Button>
    </div>
  );
}

/** connection-device (spec section 2): a source parameter of this device, a target device and its parameter. */
export function ConnectionDeviceScreen() {
  const { t } = useTranslation();
  return (
    <DeviceStackScreen
      title={t('timers.exchange.add')}
      testId="screen-connection-device"
      backTo={(id) => timerPaths.dataExchangeList(id)}
    >
      {(ctx) =>
        ctx.mayControl ? <ConnectionForm ctx={ctx} /> : <ErrorState message={t('timers.viewOnly')} />
      }
    </DeviceStackScreen>
  );
}
