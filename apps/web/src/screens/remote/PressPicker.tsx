import { AC_FANS, AC_MAX_C, AC_MIN_C, AC_MODES, type AcState } from '@hestia/ir';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { Row } from '../../ui/Row.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { StackScreen, useBack } from '../../ui/StackScreen.tsx';
import { Stepper } from '../../ui/Stepper.tsx';
import { loadState } from './AcRemote.tsx';
import { useButtonPick } from './button-pick.ts';
import { useUserRemote } from './data.ts';
import { remotePaths } from './paths.ts';
import { useButtonLabel } from './press.ts';

const LIST = 'divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60';

/**
 * irremote-select-button with `for=action` (docs/decisions/049): the button an automation's or
 * scenario's action presses, from the remote's own buttons; for an air conditioner's remote, the
 * whole state it sends. The pick goes back to the screen that opened it (`useButtonPick`).
 */
export function PressPickScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const remoteId = search.get('remoteId') ?? '';
  const { query, remote } = useUserRemote(id, remoteId);
  const labelOf = useButtonLabel();
  const back = useBack(remotePaths.list(id));
  const pick = (p: { button: string } | { state: AcState }) => {
    useButtonPick.getState().pick({ deviceId: id, remoteId, ...p });
    back();
  };
  return (
    <StackScreen
      title={remote ? t('remote.select.actionTitle', { name: remote.name }) : t('remote.select.title')}
      backTo={remotePaths.list(id)}
      testId="screen-remote-select-button"
      slide="bottom"
    >
      <QueryView query={query}>
        {() =>
          !remote ? (
            <FormAlert testId="remote-gone">{t('remote.controller.gone')}</FormAlert>
          ) : remote.kind === 'state' ? (
            <StatePicker remoteId={remote.id} onPick={(state) => pick({ state })} />
          ) : remote.data.buttons.length === 0 ? (
            <p className="rounded-3xl bg-surface px-5 py-8 text-center text-[15px] text-muted shadow-card ring-1 ring-line/60">
              {t('remote.buttonsList.empty')}
            </p>
          ) : (
            <>
              <p className="mb-3 px-1 text-[15px] text-muted">{t('remote.select.actionHint')}</p>
              <div className={LIST}>
                {remote.data.buttons.map((b) => (
                  <Row
                    key={b.name}
                    title={<bdi>{labelOf(b.name)}</bdi>}
                    onClick={() => pick({ button: b.name })}
                    testId={`remote-select-${b.name}`}
                  />
                ))}
              </div>
            </>
          )
        }
      </QueryView>
    </StackScreen>
  );
}

/** An air conditioner's whole state (power, mode, set temperature, fan), as its remote sends it. */
/** A group with its name shown above it, as the Stepper shows its own (the group is named for screen readers already). */
function Labelled({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div>
      <p aria-hidden="true" className="mb-1.5 px-1 text-sm font-medium">
        {text}
      </p>
      {children}
    </div>
  );
}

function StatePicker({ remoteId, onPick }: { remoteId: string; onPick(state: AcState): void }) {
  const { t } = useTranslation();
  const picked = useButtonPick((s) => (s.picked?.remoteId === remoteId ? s.picked.state : undefined));
  const [state, setState] = useState<AcState>(() => (picked as AcState | undefined) ?? loadState(remoteId));
  const patch = (p: Partial<AcState>) => setState((s) => ({ ...s, ...p }));
  return (
    <div className="space-y-5">
      <p className="px-1 text-[15px] text-muted">{t('remote.select.stateHint')}</p>
      <Segmented
        label={t('remote.select.power')}
        value={state.power ? 1 : 0}
        options={[
          { value: 1, label: t('remote.ac.on') },
          { value: 0, label: t('remote.ac.off') },
        ]}
        onChange={(v) => patch({ power: v === 1 })}
        testId="remote-state-power"
      />
      <Labelled text={t('remote.ac.mode')}>
        <Segmented
          label={t('remote.ac.mode')}
          look="chips"
          value={state.mode}
          options={AC_MODES.map((m) => ({
            value: m,
            label: t(`remote.ac.modes.${m}` as 'remote.ac.modes.cool'),
          }))}
          onChange={(mode) => patch({ mode })}
          testId="remote-state-mode"
        />
      </Labelled>
      <Stepper
        label={t('remote.ac.temp')}
        value={state.temperature}
        onChange={(n) => patch({ temperature: n ?? state.temperature })}
        min={AC_MIN_C}
        max={AC_MAX_C}
        unit="°C"
        testId="remote-state-temperature"
      />
      <Labelled text={t('remote.ac.fan')}>
        <Segmented
          label={t('remote.ac.fan')}
          look="chips"
          value={state.fan}
          options={AC_FANS.map((f) => ({
            value: f,
            label: t(`remote.ac.fans.${f}` as 'remote.ac.fans.auto'),
          }))}
          onChange={(fan) => patch({ fan })}
          testId="remote-state-fan"
        />
      </Labelled>
      <Button type="button" onClick={() => onPick(state)} data-testid="remote-state-use" className="w-full">
        {t('remote.select.useState')}
      </Button>
    </div>
  );
}
