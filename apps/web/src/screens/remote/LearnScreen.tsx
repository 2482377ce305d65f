import EarIcon from 'lucide-react/icons/ear';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { useDeviceControl } from '../../data/control.ts';
import { useDeviceQuery, useLiveFor } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { codeText } from './CustomScreens.tsx';
import { type ButtonBody, useEditRemote, useUserRemote } from './data.ts';
import { learnedButton } from './learned.ts';
import { remotePaths } from './paths.ts';
import { useButtonLabel } from './press.ts';

type Phase = 'ready' | 'starting' | 'listening' | 'learned';

/**
 * learnButton: the blaster listens (`learn` on); the user points the real remote at it and presses the
 * key; the blaster reports what it heard as `code` and stops listening. The learned button is then
 * saved to the custom remote under the name picked on irremote-select-button.
 */
export function LearnButtonScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const remoteId = search.get('remoteId') ?? '';
  const name = search.get('button') ?? '';
  const labelOf = useButtonLabel();
  const device = useDeviceQuery(id);
  useLiveFor(device.data);
  const control = useDeviceControl(id);
  const { remote } = useUserRemote(id, remoteId);
  const edit = useEditRemote(id);
  const [phase, setPhase] = useState<Phase>('ready');
  const [learned, setLearned] = useState<ButtonBody | null>(null);
  // The `code` report's time when listening began: a report after it is what the blaster just heard.
  const since = useRef<number | undefined>(undefined);
  // Leaving the screen while the blaster listens turns listening off, so a later press is not taken.
  const leave = useRef<() => void>(() => undefined);
  leave.current = () => {
    if (phase === 'listening') void control.send([{ Key: 'learn', Value: 0 }]);
  };
  useEffect(() => () => leave.current(), []);
  const point = control.points?.code;
  const learnOn = Number(control.values.learn) === 1;

  useEffect(() => {
    if (phase !== 'listening' || !point || point[0] === since.current) return;
    const button = learnedButton(name, point[1]);
    if (button) {
      setLearned(button);
      setPhase('learned');
    }
  }, [phase, point, name]);

  const listen = async () => {
    setLearned(null);
    since.current = point?.[0];
    setPhase('starting');
    const ok = await control.send([{ Key: 'learn', Value: 1 }]);
    setPhase(ok ? 'listening' : 'ready');
  };
  const stop = () => {
    setPhase('ready');
    if (learnOn) void control.send([{ Key: 'learn', Value: 0 }]);
  };
  const save = () => {
    if (!remote || !learned) return;
    const others = remote.data.buttons.filter((b) => b.name !== learned.name);
    edit.mutate(
      { id: remote.id, buttons: [...others, learned] },
      {
        // Back to the buttons list this screen was opened from; opened directly, to the list itself.
        onSuccess: () => {
          const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (idx > 0) void navigate(-1);
          else void navigate(remotePaths.buttons(id, remote.id), { replace: true });
        },
      },
    );
  };
  const label = labelOf(name);
  return (
    <StackScreen
      title={t('remote.learn.title', { name: label })}
      backTo={remotePaths.buttons(id, remoteId)}
      testId="screen-remote-learn"
      slide="side"
    >
      <div className="flex flex-col items-center rounded-3xl bg-surface px-6 py-8 text-center shadow-card ring-1 ring-line/60">
        <span
          className={`grid size-20 place-items-center rounded-full ${
            phase === 'listening'
              ? 'animate-pulse bg-accent text-on-accent'
              : 'bg-accent-soft text-accent-text'
          }`}
        >
          <EarIcon size={36} />
        </span>
        <p
          className="mt-4 text-lg font-semibold"
          data-testid="remote-learn-phase"
          data-phase={phase}
          role="status"
        >
          {phase === 'learned'
            ? t('remote.learn.heard', { name: label })
            : phase === 'listening'
              ? t('remote.learn.listening')
              : phase === 'starting'
                ? t('remote.learn.starting')
                : t('remote.learn.ready', { name: label })}
        </p>
        <p className="mt-2 max-w-xs text-sm text-muted">
          {phase === 'listening'
            ? t('remote.learn.listeningHint', { name: label })
            : phase === 'learned'
              ? t('remote.learn.learnedHint')
              : t('remote.learn.hint')}
        </p>
        {learned ? (
          <p
            className="mt-3 rounded-full bg-surface-2 px-3 py-1 text-[13px] font-medium"
            dir="ltr"
            data-testid="remote-learned-code"
          >
            {codeText(learned, t)}
          </p>
        ) : null}
        {phase === 'starting' ? <Spinner size={20} /> : null}
      </div>
      {edit.error ? <FormAlert testId="remote-learn-error">{errorText(edit.error, t)}</FormAlert> : null}
      <div className="mt-5 flex flex-col gap-2">
        {phase === 'learned' ? (
          <>
            <Button shape="block" busy={edit.isPending} onClick={save} data-testid="remote-learn-save">
              {t('remote.learn.save')}
            </Button>
            <Button
              variant="secondary"
              shape="block"
              onClick={() => void listen()}
              data-testid="remote-learn-again"
            >
              {t('remote.learn.again')}
            </Button>
          </>
        ) : phase === 'listening' ? (
          <Button variant="secondary" shape="block" onClick={stop} data-testid="remote-learn-stop">
            {t('remote.learn.stop')}
          </Button>
        ) : (
          <Button
            shape="block"
            busy={phase === 'starting'}
            disabled={!control.enabled || !name}
            onClick={() => void listen()}
            data-testid="remote-learn-start"
          >
            {t('remote.learn.start')}
          </Button>
        )}
        {!control.enabled && phase === 'ready' ? (
          <p className="text-center text-sm text-muted" data-testid="remote-learn-unavailable">
            {control.mayControl ? t('control.offline') : t('control.viewOnly')}
          </p>
        ) : null}
      </div>
    </StackScreen>
  );
}
