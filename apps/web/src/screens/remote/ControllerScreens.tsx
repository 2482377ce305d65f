import CircleCheckIcon from 'lucide-react/icons/circle-check';
import ListPlusIcon from 'lucide-react/icons/list-plus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { errorText } from '../../data/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { HEADER_BUTTON } from '../../ui/styles.ts';
import { TextField } from '../../ui/TextField.tsx';
import { AcRemote } from './AcRemote.tsx';
import { numberParam } from './ChooseScreens.tsx';
import { markTried, useEditRemote, useRemoveRemote, useUserRemote } from './data.ts';
import { remotePaths } from './paths.ts';
import { RemoteFace } from './RemoteFace.tsx';

/**
 * irremote-add-controller: a remote on the blaster, drawn like the real one. Opened from the brand's
 * list to try it (`isForAddTolist`), it asks whether the device responded: yes keeps it
 * (post-add-controll), no takes it off and goes back to the brand's other remotes.
 */
export function RemoteControllerScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const remoteId = search.get('remoteId') ?? '';
  const trying = search.get('isForAddTolist') === 'true';
  const { query, remote } = useUserRemote(id, remoteId);
  const remove = useRemoveRemote(id);
  const custom = remote !== undefined && remote.catalogueRemoteId === null;
  const notFound = query.data && !remote;
  const reject = () => {
    if (!remote) return;
    remove.mutate(remote.id, {
      onSuccess: () => {
        markTried(id, remote.catalogueRemoteId);
        // Back to the brand's list the trial was opened from; opened directly, to that list.
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) void navigate(-1);
        else
          void navigate(
            remotePaths.brandRemotes(id, {
              brandType: remote.brandId ?? 0,
              categoryType: remote.categoryId ?? numberParam(search.get('categoryType')),
            }),
            { replace: true },
          );
      },
    });
  };
  const action = custom ? (
    <Link
      to={remotePaths.buttons(id, remoteId)}
      aria-label={t('remote.buttonsList.title')}
      title={t('remote.buttonsList.title')}
      data-testid="remote-edit-buttons"
      className={HEADER_BUTTON}
    >
      <ListPlusIcon size={20} />
    </Link>
  ) : null;
  return (
    <StackScreen
      title={remote?.name ?? t('remote.controller.title')}
      backTo={remotePaths.list(id)}
      action={action}
      testId="screen-remote-controller"
      slide="side"
      footer={
        trying && remote ? (
          <div data-testid="remote-trial">
            <p className="mb-2 text-center text-[15px] font-semibold">{t('remote.controller.question')}</p>
            {remove.error ? <FormAlert>{errorText(remove.error, t)}</FormAlert> : null}
            <div className="grid grid-cols-2 gap-2">
              <Button
                variant="secondary"
                busy={remove.isPending}
                onClick={reject}
                data-testid="remote-trial-no"
              >
                {t('remote.controller.no')}
              </Button>
              <Button
                onClick={() =>
                  void navigate(remotePaths.postAdd(id, { remoteId: remote.id }), { replace: true })
                }
                data-testid="remote-trial-yes"
              >
                {t('remote.controller.yes')}
              </Button>
            </div>
          </div>
        ) : undefined
      }
    >
      {trying ? (
        <p className="mb-4 text-center text-[15px] text-muted">{t('remote.controller.tryHint')}</p>
      ) : null}
      {notFound ? (
        <FormAlert testId="remote-gone">{t('remote.controller.gone')}</FormAlert>
      ) : (
        <QueryView query={query}>
          {() =>
            remote ? (
              remote.kind === 'state' ? (
                <AcRemote remote={remote} />
              ) : (
                <RemoteFace remote={remote} />
              )
            ) : null
          }
        </QueryView>
      )}
    </StackScreen>
  );
}

/** The name field and save of post-add-controll and user-personalize-remote's rename. */
export function NameForm({
  initial,
  busy,
  error,
  submitLabel,
  onSubmit,
}: {
  initial: string;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit(name: string): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const empty = name.trim() === '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!empty) onSubmit(name.trim());
      }}
      className="space-y-4"
    >
      <TextField
        label={t('remote.name.label')}
        value={name}
        maxLength={64}
        onValueChange={setName}
        error={touched && empty ? t('remote.name.required') : error}
        testId="remote-name"
      />
      <Button type="submit" shape="block" busy={busy} data-testid="remote-name-save">
        {submitLabel}
      </Button>
    </form>
  );
}

/** post-add-controll: the remote is on the blaster; name it as the user calls the device, then done. */
export function PostAddScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const remoteId = search.get('remoteId') ?? '';
  const { query, remote } = useUserRemote(id, remoteId);
  const edit = useEditRemote(id);
  const custom = search.get('isCustom') === 'true';
  return (
    <StackScreen title={t('remote.postAdd.title')} backTo={remotePaths.list(id)} testId="screen-remote-added">
      <QueryView query={query}>
        {() =>
          remote ? (
            <div className="space-y-5">
              <div className="flex flex-col items-center text-center">
                <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success-text">
                  <CircleCheckIcon size={32} />
                </span>
                <p className="mt-3 text-lg font-semibold">{t('remote.postAdd.done')}</p>
                <p className="mt-1 text-sm text-muted">{t('remote.postAdd.nameHint')}</p>
              </div>
              <NameForm
                initial={remote.name}
                busy={edit.isPending}
                error={edit.error ? errorText(edit.error, t) : null}
                submitLabel={t('remote.postAdd.finish')}
                onSubmit={(name) =>
                  edit.mutate(
                    { id: remote.id, name },
                    {
                      onSuccess: () =>
                        void navigate(
                          custom
                            ? remotePaths.buttons(id, remote.id)
                            : remotePaths.controller(id, { remoteId: remote.id }),
                          { replace: true },
                        ),
                    },
                  )
                }
              />
            </div>
          ) : (
            <FormAlert testId="remote-gone">{t('remote.controller.gone')}</FormAlert>
          )
        }
      </QueryView>
    </StackScreen>
  );
}
