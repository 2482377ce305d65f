import type { KeyAction, KeyPressType } from '@hestia/contract';
import ArrowDownIcon from 'lucide-react/icons/arrow-down';
import ArrowUpIcon from 'lucide-react/icons/arrow-up';
import PencilIcon from 'lucide-react/icons/pencil';
import PersonStandingIcon from 'lucide-react/icons/person-standing';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { errorText } from '../../data/errors.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorState } from '../../ui/EmptyState.tsx';
import { Section } from '../../ui/Section.tsx';
import { StatusHero } from '../../ui/StatusHero.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useKeyTitles } from '../settings/key-titles.ts';
import { num } from '../settings/setting-controls.tsx';
import { pushKeysOf } from '../settings/setting-links.ts';
import { useKeyActionMutations, useKeyActionsQuery } from '../settings/settings-data.ts';
import { ToggleField } from './fields.tsx';
import { KeyActionDialog } from './KeyActionDialog.tsx';
import type { PanelProps } from './panels.ts';
import { PirSettings } from './SensorPanels.tsx';
import { useSender } from './sender.ts';

const PRESSES: readonly KeyPressType[] = ['tap', 'hold'];

/** What an action does, in words. */
function useActionText() {
  const { t } = useTranslation();
  const text = useCatalogText();
  return (a: KeyAction) => {
    if (a.actionType === 'scenario')
      return a.scenarioName
        ? t('devicePanels.keys.runs', { name: a.scenarioName })
        : t('devicePanels.keys.scenarioGone');
    if (!a.targetDeviceLabel) return t('devicePanels.keys.deviceGone');
    const key = a.key ?? '';
    return t('devicePanels.keys.sets', {
      key: text.title(`keys.${key}`, key),
      name: a.targetDeviceLabel,
      value: String(a.value ?? ''),
    });
  };
}

/** One press type of one key: its actions in order, with add, edit, delete, and up/down reorder. */
function PressActions({
  deviceId,
  keyIndex,
  press,
  actions,
  all,
  mayEdit,
  onEdit,
}: {
  deviceId: string;
  keyIndex: number;
  press: KeyPressType;
  actions: KeyAction[];
  all: KeyAction[];
  mayEdit: boolean;
  onEdit(action: KeyAction | null, press: KeyPressType): void;
}) {
  const { t } = useTranslation();
  const describe = useActionText();
  const { remove, reorder } = useKeyActionMutations(deviceId);
  const [deleting, setDeleting] = useState<KeyAction | null>(null);
  const move = (a: KeyAction, by: -1 | 1) => {
    const i = actions.indexOf(a);
    const other = actions[i + by];
    if (!other) return;
    // Swap the two in the device's whole list; the rest keep their places.
    const ids = all.map((x) => (x.id === a.id ? other.id : x.id === other.id ? a.id : x.id));
    reorder.mutate(ids, { onError: (err) => toast.error(errorText(err, t)) });
  };
  return (
    <div className="px-4 py-3" data-testid={`press-${keyIndex}-${press}`}>
      <div className="mb-2 flex items-center gap-2">
        <span className="min-w-0 flex-1 text-[13px] font-semibold tracking-wide text-muted uppercase">
          {press === 'tap' ? t('deviceSettings.press.tap') : t('deviceSettings.press.hold')}
        </span>
        {mayEdit ? (
          <button
            type="button"
            onClick={() => onEdit(null, press)}
            data-testid={`add-action-${keyIndex}-${press}`}
            className="inline-flex h-9 items-center gap-1 rounded-full bg-accent-soft px-3 text-[13px] font-semibold text-accent-text"
          >
            <PlusIcon size={16} />
            {t('devicePanels.keys.add')}
          </button>
        ) : null}
      </div>
      {actions.length === 0 ? (
        <p className="text-[14px] text-muted">{t('devicePanels.keys.none')}</p>
      ) : (
        <ol className="space-y-2">
          {actions.map((a, i) => (
            <li
              key={a.id}
              data-testid="key-action"
              data-action-id={a.id}
              className="flex items-center gap-1 rounded-2xl bg-surface-2 py-1 ps-3 pe-1"
            >
              <span className="min-w-0 flex-1 py-1.5">
                <span className="block truncate text-[14px] font-medium text-ink">
                  <bdi>{a.title || describe(a)}</bdi>
                </span>
                {a.title ? (
                  <span className="block truncate text-[12px] text-muted">
                    <bdi>{describe(a)}</bdi>
                  </span>
                ) : null}
              </span>
              {mayEdit ? (
                <>
                  <IconButton
                    label={t('devicePanels.keys.moveUp')}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(a, -1)}
                    testId="action-up"
                  >
                    <ArrowUpIcon size={16} />
                  </IconButton>
                  <IconButton
                    label={t('devicePanels.keys.moveDown')}
                    disabled={i === actions.length - 1 || reorder.isPending}
                    onClick={() => move(a, 1)}
                    testId="action-down"
                  >
                    <ArrowDownIcon size={16} />
                  </IconButton>
                  <IconButton
                    label={t('devicePanels.keys.editAction')}
                    onClick={() => onEdit(a, press)}
                    testId="action-edit"
                  >
                    <PencilIcon size={16} />
                  </IconButton>
                  <IconButton
                    label={t('devicePanels.keys.delete')}
                    onClick={() => setDeleting(a)}
                    testId="action-delete"
                  >
                    <Trash2Icon size={16} />
                  </IconButton>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('devicePanels.keys.deleteTitle')}
        body={deleting ? describe(deleting) : ''}
        confirmLabel={t('devicePanels.keys.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) => toast.error(errorText(err, t)),
          })
        }
      />
    </div>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
  testId,
}: {
  label: string;
  disabled?: boolean;
  onClick(): void;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-surface hover:text-ink disabled:opacity-30"
    >
      {children}
    </button>
  );
}

/**
 * push-button-device, scenario-key-screen and pir-button: keys 1 to 6, each with what a tap and a
 * hold do (`devices/{id}/key-actions`), the last press live; a PIR button adds its relay, motion and
 * the motion sensor's pickers.
 */
export default function KeyPanel({ deviceId, control }: PanelProps) {
  const { t, i18n } = useTranslation();
  const profile = control.profile;
  const titleOf = useKeyTitles(deviceId, profile);
  const actions = useKeyActionsQuery(deviceId);
  const sender = useSender(control);
  const [editing, setEditing] = useState<{
    keyIndex: number;
    press: KeyPressType;
    action: KeyAction | null;
  } | null>(null);
  if (!profile) return null;
  const keys = pushKeysOf(profile);
  const all = actions.data ?? [];
  const motion = num(control.values.motion_status);
  const isPirButton = profile.family === 'pir_button';
  const pressText = (v: number | undefined) =>
    v === 1
      ? t('deviceSettings.press.tapped')
      : v === 2
        ? t('deviceSettings.press.held')
        : t('deviceSettings.press.idle');

  return (
    <div data-testid="key-panel">
      {isPirButton ? (
        <>
          <StatusHero
            icon={PersonStandingIcon}
            title={motion === 1 ? t('devicePanels.pir.motion') : t('devicePanels.pir.noMotion')}
            tone={motion === 1 ? 'active' : 'quiet'}
            state={motion}
            testId="motion-status"
          />
          <Section>
            {profile.keys
              .filter((k) => /^relay_\d+$/.test(k.key))
              .map((k) => (
                <ToggleField
                  key={k.key}
                  field={{ key: k.key, control: 'toggle', title: k.title, group: 'relays' }}
                  control={control}
                  sender={sender}
                  label={titleOf(k.key)}
                />
              ))}
          </Section>
          <PirSettings control={control} />
        </>
      ) : null}
      {actions.isError ? (
        <ErrorState message={errorText(actions.error, t)} onRetry={() => void actions.refetch()} />
      ) : null}
      {keys.map((key, i) => {
        const keyIndex = i + 1;
        const last = num(control.values[key]);
        return (
          <Section key={key}>
            <div
              className="flex min-h-14 items-center gap-3 px-4 py-3"
              data-testid={`key-${keyIndex}`}
              data-press={last ?? ''}
            >
              <span
                className={`grid size-11 shrink-0 place-items-center rounded-2xl text-[17px] font-bold transition-colors ${
                  last === 1 || last === 2 ? 'bg-accent text-on-accent' : 'bg-accent-soft text-accent-text'
                }`}
              >
                {new Intl.NumberFormat(i18n.language).format(keyIndex)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-[16px] font-semibold text-ink">
                  <bdi>{titleOf(key)}</bdi>
                </span>
                <span className="block text-[13px] text-muted" data-testid={`key-${keyIndex}-last`}>
                  {pressText(last)}
                </span>
              </span>
              {actions.isPending ? <Spinner size={16} className="text-muted" /> : null}
            </div>
            {PRESSES.map((press) => (
              <PressActions
                key={press}
                deviceId={deviceId}
                keyIndex={keyIndex}
                press={press}
                actions={all.filter((a) => a.keyIndex === keyIndex && a.pressType === press)}
                all={all}
                mayEdit={control.mayControl}
                onEdit={(action, p) => setEditing({ keyIndex, press: p, action })}
              />
            ))}
          </Section>
        );
      })}
      <KeyActionDialog
        deviceId={deviceId}
        keyIndex={editing?.keyIndex ?? 1}
        pressType={editing?.press ?? 'tap'}
        editing={editing?.action ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
