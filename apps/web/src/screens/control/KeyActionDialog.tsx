import { getProfile, keyOf, ParameterType, paramTypeOf } from '@hestia/catalog';
import type { KeyAction, KeyActionBody, KeyPressType } from '@hestia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useKeyActionMutations, useScenariosQuery } from '../settings/settings-data.ts';
import { OptionPills } from './fields.tsx';

/** Devices the caller may control and what can be written to each (`devices/valid-actions`). */
function useValidActionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: ['devices', 'valid-actions'],
    queryFn: () => api.call('validActions', {}),
    enabled,
    staleTime: 60_000,
  });
}

/** The key a valid action writes: its id is `profileId:key`. */
export const actionKeyOf = (id: string) => id.slice(id.indexOf(':') + 1);

interface Draft {
  actionType: 'scenario' | 'device';
  scenarioId: string;
  targetDeviceId: string;
  key: string;
  value: string;
  title: string;
}

const emptyDraft: Draft = {
  actionType: 'scenario',
  scenarioId: '',
  targetDeviceId: '',
  key: '',
  value: '',
  title: '',
};

const draftOf = (a: KeyAction | null): Draft =>
  a
    ? {
        actionType: a.actionType,
        scenarioId: a.scenarioId ?? '',
        targetDeviceId: a.targetDeviceId ?? '',
        key: a.key ?? '',
        value: a.value === null || a.value === undefined ? '' : String(a.value),
        title: a.title,
      }
    : emptyDraft;

const choiceCls = (selected: boolean) =>
  `flex min-h-12 w-full items-center gap-3 px-4 py-2 text-start text-[15px] ${
    selected ? 'bg-accent-soft font-semibold text-accent-text' : 'hover:bg-surface-2'
  }`;

/**
 * Add or edit what one key press does: run one of the user's scenarios, or write a parameter of
 * another device the user may control (value checked against the target's catalogue key).
 */
export function KeyActionDialog({
  deviceId,
  keyIndex,
  pressType,
  editing,
  open,
  onClose,
}: {
  deviceId: string;
  keyIndex: number;
  pressType: KeyPressType;
  editing: KeyAction | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const [draft, setDraft] = useState<Draft>(draftOf(editing));
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const token = open ? (editing?.id ?? 'new') : null;
  if (token !== openedFor) {
    setOpenedFor(token);
    if (token) setDraft(draftOf(editing));
  }
  const scenarios = useScenariosQuery();
  const targets = useValidActionsQuery(open && draft.actionType === 'device');
  const { save } = useKeyActionMutations(deviceId);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const target = targets.data?.find((d) => d.deviceId === draft.targetDeviceId);
  const targetProfile = target ? getProfile(target.deviceProfileId) : undefined;
  const keyDef = targetProfile && draft.key ? keyOf(targetProfile, draft.key) : undefined;
  const keys = (target?.actions ?? [])
    .map((a) => ({ key: actionKeyOf(a.id), title: a.title }))
    .filter(({ key }) => {
      const def = targetProfile ? keyOf(targetProfile, key) : undefined;
      return def ? paramTypeOf(def) === ParameterType.Action && def.kind !== 'string' : false;
    });
  const n = Number(draft.value);
  const valueError =
    draft.actionType !== 'device' || !keyDef || draft.value === ''
      ? null
      : !Number.isFinite(n)
        ? t('devicePanels.keys.valueNumber')
        : keyDef.min !== undefined && keyDef.max !== undefined && (n < keyDef.min || n > keyDef.max)
          ? t('devicePanels.keys.valueRange', {
              min: formatNumber(keyDef.min, i18n.language),
              max: formatNumber(keyDef.max, i18n.language),
            })
          : null;
  const complete =
    draft.actionType === 'scenario'
      ? draft.scenarioId !== ''
      : draft.targetDeviceId !== '' && draft.key !== '' && draft.value !== '' && !valueError;

  const submit = () => {
    const base = { keyIndex, pressType, title: draft.title.trim() };
    const body: KeyActionBody =
      draft.actionType === 'scenario'
        ? { ...base, actionType: 'scenario', scenarioId: draft.scenarioId }
        : { ...base, actionType: 'device', targetDeviceId: draft.targetDeviceId, key: draft.key, value: n };
    save.mutate(
      { ...(editing ? { actionId: editing.id } : {}), body },
      {
        onSuccess: () => {
          toast.success(t('deviceSettings.saved'));
          onClose();
        },
        onError: (err) => toast.error(errorText(err, t)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? t('devicePanels.keys.editAction') : t('devicePanels.keys.addAction')}
      testId="key-action-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('home.cancel')}
          </Button>
          <Button busy={save.isPending} disabled={!complete} onClick={submit} data-testid="key-action-save">
            {t('home.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-5 pb-3">
        <OptionPills
          name={t('devicePanels.keys.actionType')}
          options={[0, 1]}
          value={draft.actionType === 'scenario' ? 0 : 1}
          labelOf={(v) => (v === 0 ? t('devicePanels.keys.runScenario') : t('devicePanels.keys.setDevice'))}
          disabled={false}
          onPick={(v) => set({ actionType: v === 0 ? 'scenario' : 'device' })}
          testId="key-action-type"
        />
        {draft.actionType === 'scenario' ? (
          <fieldset>
            <legend className="mb-2 px-1 text-sm font-medium">{t('devicePanels.keys.scenario')}</legend>
            {scenarios.data && scenarios.data.length === 0 ? (
              <p className="px-1 text-[14px] text-muted">{t('devicePanels.keys.noScenarios')}</p>
            ) : (
              <ul className="divide-y divide-line overflow-hidden rounded-2xl ring-1 ring-line">
                {(scenarios.data ?? []).map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      aria-pressed={draft.scenarioId === s.id}
                      className={choiceCls(draft.scenarioId === s.id)}
                      data-testid="scenario-option"
                      onClick={() => set({ scenarioId: s.id })}
                    >
                      <span className="min-w-0 flex-1 truncate">
                        <bdi>{s.name || t('devicePanels.keys.unnamed')}</bdi>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        ) : (
          <>
            <fieldset>
              <legend className="mb-2 px-1 text-sm font-medium">{t('devicePanels.keys.device')}</legend>
              <ul className="max-h-56 divide-y divide-line overflow-y-auto rounded-2xl ring-1 ring-line">
                {(targets.data ?? [])
                  .filter((d) => d.deviceId !== deviceId)
                  .map((d) => (
                    <li key={d.deviceId}>
                      <button
                        type="button"
                        aria-pressed={draft.targetDeviceId === d.deviceId}
                        className={choiceCls(draft.targetDeviceId === d.deviceId)}
                        data-testid="target-option"
                        data-device-id={d.deviceId}
                        onClick={() => set({ targetDeviceId: d.deviceId, key: '', value: '' })}
                      >
                        <span className="min-w-0 flex-1 truncate">
                          <bdi>{d.label}</bdi>
                        </span>
                      </button>
                    </li>
                  ))}
              </ul>
            </fieldset>
            {target ? (
              <fieldset>
                <legend className="mb-2 px-1 text-sm font-medium">{t('devicePanels.keys.parameter')}</legend>
                <OptionPills
                  name={t('devicePanels.keys.parameter')}
                  options={keys.map((_, i) => i)}
                  value={keys.findIndex((k) => k.key === draft.key)}
                  labelOf={(i) => text.title(keys[i]?.title ?? '', keys[i]?.key ?? '')}
                  disabled={false}
                  onPick={(i) => set({ key: keys[i]?.key ?? '', value: '' })}
                  testId="target-key"
                />
              </fieldset>
            ) : null}
            {keyDef ? (
              keyDef.kind === 'boolean' || keyDef.kind === 'enum' ? (
                <fieldset>
                  <legend className="mb-2 px-1 text-sm font-medium">{t('devicePanels.keys.value')}</legend>
                  <OptionPills
                    name={t('devicePanels.keys.value')}
                    options={keyDef.kind === 'boolean' ? [1, 0] : (keyDef.values ?? [])}
                    value={draft.value === '' ? undefined : n}
                    labelOf={(v) =>
                      keyDef.kind === 'boolean'
                        ? v === 1
                          ? t('device.on')
                          : t('device.off')
                        : text.option(keyDef.key, v)
                    }
                    disabled={false}
                    onPick={(v) => set({ value: String(v) })}
                    testId="target-value"
                  />
                </fieldset>
              ) : (
                <TextField
                  label={t('devicePanels.keys.value')}
                  value={draft.value}
                  onValueChange={(v) => set({ value: v.trim() })}
                  error={valueError}
                  maxLength={12}
                  testId="target-value-input"
                />
              )
            ) : null}
          </>
        )}
        <TextField
          maxLength={64}
          label={t('devicePanels.keys.titleOptional')}
          value={draft.title}
          onValueChange={(v) => set({ title: v })}
          testId="key-action-title"
        />
      </div>
    </Dialog>
  );
}
