import { REMOTE_CATEGORIES } from '@hestia/ir';
import EarIcon from 'lucide-react/icons/ear';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { errorText } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { Row } from '../../ui/Row.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { STANDARD_BUTTONS } from './button-layout.ts';
import { numberParam } from './ChooseScreens.tsx';
import { NameForm } from './ControllerScreens.tsx';
import { useCategoryText } from './categories.tsx';
import { type ButtonBody, useAddCustomRemote, useEditRemote, useUserRemote } from './data.ts';
import { PressPickScreen } from './PressPicker.tsx';
import { remotePaths } from './paths.ts';
import { useButtonLabel, useRemotePress } from './press.ts';
import { PressLine } from './RemoteFace.tsx';

const LIST = 'divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60';

/** How a button's code reads: protocol, address and command in hex, or a learned frame's length. */
export function codeText(
  b: ButtonBody,
  t: (k: 'remote.buttonsList.raw', o: { n: number }) => string,
): string {
  if (b.code) {
    const hex = (n: number) => `0x${n.toString(16).toUpperCase()}`;
    return `${b.code.protocol} ${hex(b.code.address)} ${hex(b.code.command)}`;
  }
  return t('remote.buttonsList.raw', { n: b.raw?.timings.length ?? 0 });
}

/**
 * user-personalize-remote: a custom remote of the user's own (named, with its category), whose buttons
 * are then learned from the real remote; with `remoteId`, renames that remote.
 */
export function PersonalizeRemoteScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const remoteId = search.get('remoteId') ?? '';
  const add = useAddCustomRemote(id);
  const edit = useEditRemote(id);
  const { remote } = useUserRemote(id, remoteId);
  const category = useCategoryText();
  const [categoryId, setCategoryId] = useState(numberParam(search.get('categoryType')) || 1);
  const pending = add.isPending || edit.isPending;
  const failure = add.error ?? edit.error;
  return (
    <StackScreen
      title={remoteId ? t('remote.personalize.renameTitle') : t('remote.personalize.title')}
      backTo={remoteId ? remotePaths.list(id) : remotePaths.chooseType(id)}
      testId="screen-remote-personalize"
      slide="side"
    >
      {remoteId && !remote ? null : (
        <div className="space-y-5">
          {remoteId ? null : (
            <>
              <p className="text-[15px] text-muted">{t('remote.personalize.intro')}</p>
              <Segmented
                label={t('remote.personalize.category')}
                look="chips"
                value={categoryId}
                options={REMOTE_CATEGORIES.map((c) => ({ value: c.id, label: category.name(c.id) }))}
                onChange={setCategoryId}
                testId="remote-personalize-category"
              />
            </>
          )}
          <NameForm
            key={remote?.id ?? 'new'}
            initial={remote?.name ?? ''}
            busy={pending}
            error={failure ? errorText(failure, t) : null}
            submitLabel={remoteId ? t('remote.name.save') : t('remote.personalize.create')}
            onSubmit={(name) =>
              remote
                ? edit.mutate(
                    { id: remote.id, name },
                    { onSuccess: () => void navigate(remotePaths.list(id), { replace: true }) },
                  )
                : add.mutate(
                    { name, categoryId },
                    { onSuccess: (r) => void navigate(remotePaths.buttons(id, r.id), { replace: true }) },
                  )
            }
          />
        </div>
      )}
    </StackScreen>
  );
}

/**
 * remote-buttons-list: a custom remote's buttons. A tap sends one (to check it), the bin removes it,
 * and "Learn a button" picks its name (irremote-select-button) and learns it (learnButton).
 */
export function RemoteButtonsListScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const remoteId = search.get('remoteId') ?? '';
  const { query, remote } = useUserRemote(id, remoteId);
  const edit = useEditRemote(id);
  const labelOf = useButtonLabel();
  const { press, status, lineRef } = useRemotePress({ id: remoteId });
  const buttons = remote?.data.buttons ?? [];
  return (
    <StackScreen
      title={remote?.name ?? t('remote.buttonsList.title')}
      backTo={remotePaths.controller(id, { remoteId })}
      testId="screen-remote-buttons"
      slide="side"
      footer={
        remote ? (
          <Link
            to={remotePaths.selectButton(id, remoteId)}
            data-testid="remote-learn-button"
            className="flex h-13 w-full items-center justify-center gap-2 rounded-2xl bg-accent px-5 text-base font-semibold text-on-accent"
          >
            <EarIcon size={20} />
            {t('remote.buttonsList.learn')}
          </Link>
        ) : undefined
      }
    >
      <h2 className="mb-3 px-1 text-sm font-semibold text-muted">{t('remote.buttonsList.title')}</h2>
      <QueryView query={query}>
        {() =>
          !remote ? (
            <FormAlert testId="remote-gone">{t('remote.controller.gone')}</FormAlert>
          ) : buttons.length === 0 ? (
            <p className="rounded-3xl bg-surface px-5 py-8 text-center text-[15px] text-muted shadow-card ring-1 ring-line/60">
              {t('remote.buttonsList.empty')}
            </p>
          ) : (
            <>
              <ul className={LIST}>
                {buttons.map((b) => (
                  <li
                    key={b.name}
                    className="flex items-center"
                    data-testid="remote-button-row"
                    data-name={b.name}
                  >
                    <button
                      type="button"
                      onClick={() => press({ button: b.name })}
                      className="flex min-h-14 min-w-0 flex-1 flex-col items-start px-4 py-2.5 text-start hover:bg-surface-2/60"
                      aria-label={t('remote.buttonsList.send', { name: labelOf(b.name) })}
                      data-testid="remote-button-send"
                    >
                      <bdi className="text-[15px] font-medium">{labelOf(b.name)}</bdi>
                      <span className="text-[13px] text-muted" dir="ltr">
                        {codeText(b, t)}
                      </span>
                    </button>
                    <button
                      type="button"
                      aria-label={t('remote.buttonsList.remove', { name: labelOf(b.name) })}
                      data-testid="remote-button-remove"
                      disabled={edit.isPending}
                      onClick={() =>
                        edit.mutate(
                          { id: remoteId, buttons: buttons.filter((x) => x.name !== b.name) },
                          { onError: (err) => toast.error(errorText(err, t)) },
                        )
                      }
                      className="me-2 grid size-11 shrink-0 place-items-center rounded-full text-danger hover:bg-danger-soft"
                    >
                      <Trash2Icon size={18} />
                    </button>
                  </li>
                ))}
              </ul>
              <PressLine status={status} labelOf={labelOf} lineRef={lineRef} />
            </>
          )
        }
      </QueryView>
    </StackScreen>
  );
}

/**
 * irremote-select-button: which key is about to be learned; opened with `for=action` by the
 * automation editor, the button (or AC state) an action presses (PressPicker.tsx, decision 049).
 */
export function SelectButtonScreen() {
  const [search] = useSearchParams();
  return search.get('for') === 'action' ? <PressPickScreen /> : <LearnNameScreen />;
}

/**
 * Which key is about to be learned. A standard key is drawn in its place on the remote; any other
 * name is kept as the user wrote it.
 */
function LearnNameScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const remoteId = search.get('remoteId') ?? '';
  const { remote } = useUserRemote(id, remoteId);
  const labelOf = useButtonLabel();
  const [own, setOwn] = useState('');
  const taken = new Set(remote?.data.buttons.map((b) => b.name));
  const ownTaken = taken.has(own.trim());
  const go = (button: string) =>
    void navigate(remotePaths.learn(id, { remoteId, button }), { replace: true });
  return (
    <StackScreen
      title={t('remote.select.title')}
      backTo={remotePaths.buttons(id, remoteId)}
      testId="screen-remote-select-button"
      slide="bottom"
    >
      <form
        className="mb-6 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (own.trim() && !ownTaken) go(own.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField
            label={t('remote.select.own')}
            value={own}
            maxLength={40}
            onValueChange={setOwn}
            error={ownTaken ? t('remote.select.taken') : null}
            testId="remote-select-own"
          />
        </div>
        <Button
          type="submit"
          disabled={!own.trim() || ownTaken}
          className="mb-0"
          data-testid="remote-select-own-go"
        >
          {t('remote.select.next')}
        </Button>
      </form>
      <h2 className="mb-3 px-1 text-sm font-semibold text-muted">{t('remote.select.standard')}</h2>
      <div className={LIST}>
        {STANDARD_BUTTONS.filter((n) => !taken.has(n)).map((n) => (
          <Row key={n} title={labelOf(n)} onClick={() => go(n)} testId={`remote-select-${n}`} />
        ))}
      </div>
    </StackScreen>
  );
}
