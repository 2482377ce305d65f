import { REMOTE_PRESS_KEY } from '@hestia/contract';
import RadioIcon from 'lucide-react/icons/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { automationPaths } from '../../routes/automation-paths.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { useBack } from '../../ui/StackScreen.tsx';
import { Stepper } from '../../ui/Stepper.tsx';
import { useButtonPick } from '../remote/button-pick.ts';
import { useUserRemotes } from '../remote/data.ts';
import { remotePaths } from '../remote/paths.ts';
import { useDraftStore } from './draft-store.ts';
import { EditorScreen, FormSection, useEditedIndex } from './EditorParts.tsx';
import { FieldProblem } from './FieldProblem.tsx';
import { pressText, remotePressOf } from './remote-press.ts';
import { MAX_DELAY } from './sub-forms.ts';

/** The delay set before the remote's buttons were opened, so it is still there on the way back. */
let keptDelay: { key: string; seconds: number } | null = null;

/**
 * The action screen for an IR blaster (decision 049): one of the blaster's remotes, then its button
 * (or, for an air conditioner's remote, the state to send) on irremote-select-button, and the delay.
 * The action is the blaster's `send` key with `params: {remoteId, button | state}`.
 */
export function RemoteCommandScreen({ id, label }: { id: string; label: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const back = useBack(automationPaths.tab);
  const { draft, putCommand } = useDraftStore();
  const index = useEditedIndex();
  const existing = index === undefined ? undefined : draft.commands[index];
  const query = useUserRemotes(id);
  const remotes = query.data ?? [];
  const keyOfScreen = `${id}:${index ?? 'new'}`;
  // A pick counts only on the way back from the picker this screen opened.
  const opened = keptDelay?.key === keyOfScreen;
  const picked = useButtonPick((s) => (opened && s.picked?.deviceId === id ? s.picked : null));
  const saved = existing?.deviceId === id ? remotePressOf(existing) : null;
  const press = picked
    ? {
        remoteId: picked.remoteId,
        ...(picked.button ? { button: picked.button } : {}),
        ...(picked.state ? { state: picked.state } : {}),
      }
    : saved;
  const [delay, setDelay] = useState(() =>
    opened && keptDelay ? keptDelay.seconds : (existing?.delay ?? 0),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const open = (remoteId: string) => {
    keptDelay = { key: keyOfScreen, seconds: delay };
    useButtonPick.getState().clear();
    void navigate(remotePaths.selectButton(id, remoteId, true));
  };
  const save = () => {
    if (!press) return;
    const others = draft.commands.filter((_, i) => i !== index);
    if (delay === 0 && others.some((c) => c.deviceId === id && (c.delay ?? 0) === 0)) {
      setProblem(t('automation.errors.duplicateImmediateAction'));
      return;
    }
    putCommand(
      {
        deviceId: id,
        deviceParameterId: REMOTE_PRESS_KEY,
        value: null,
        params: press,
        delay,
        order: index ?? draft.commands.length,
        label,
      },
      index,
    );
    keptDelay = null;
    useButtonPick.getState().clear();
    back();
  };
  const minutes = Math.floor(delay / 60);
  const seconds = delay % 60;
  const setParts = (m: number, s: number) => {
    setProblem(null);
    setDelay(Math.min(MAX_DELAY, m * 60 + s));
  };

  return (
    <EditorScreen
      kind="command"
      title={label ?? t('automation.command.title')}
      testId="screen-command"
      onSave={save}
      canSave={!!press}
    >
      <FormSection title={t('automation.remote.press')}>
        <p className="text-[15px] font-medium" data-testid="remote-press-chosen">
          {press ? pressText(press, remotes, t, i18n) : t('automation.remote.nothing')}
        </p>
      </FormSection>
      <QueryView query={query}>
        {() =>
          remotes.length === 0 ? (
            <Section title={t('automation.remote.remotes')}>
              <Row
                icon={RadioIcon}
                title={t('automation.remote.none')}
                subtitle={t('automation.remote.addOne')}
                to={remotePaths.list(id)}
                testId="remote-action-add"
              />
            </Section>
          ) : (
            <Section title={t('automation.remote.remotes')} hint={t('automation.remote.hint')}>
              {remotes.map((r) => (
                <Row
                  key={r.id}
                  icon={RadioIcon}
                  title={<bdi>{r.name}</bdi>}
                  subtitle={press?.remoteId === r.id ? t('automation.remote.chosen') : undefined}
                  onClick={() => open(r.id)}
                  testId="remote-action-remote"
                />
              ))}
            </Section>
          )
        }
      </QueryView>
      <FormSection title={t('automation.command.delay')} hint={t('automation.command.delayHint')}>
        <div className="flex gap-3">
          <Stepper
            label={t('automation.command.minutes')}
            value={minutes}
            onChange={(n) => setParts(n ?? 0, seconds)}
            min={0}
            max={1440}
            testId="delay-minutes"
          />
          <Stepper
            label={t('automation.command.seconds')}
            value={seconds}
            onChange={(n) => setParts(minutes, n ?? 0)}
            min={0}
            max={59}
            testId="delay-seconds"
          />
        </div>
        <FieldProblem text={problem} testId="command-error" />
      </FormSection>
    </EditorScreen>
  );
}
