import KeyRoundIcon from 'lucide-react/icons/key-round';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../state/auth-store.ts';
import { type PendingLogin, useSaveLoginStore } from '../../state/save-login-store.ts';
import { toast } from '../../ui/Toast.tsx';

type CredentialCtor = new (init: { id: string; password: string; name?: string }) => Credential;

/**
 * Save: the browser's password manager stores the login through the Credential Management API where
 * it exists; the app itself keeps only the username, to fill the form next time. Not now forgets that
 * username. Either way the question is not asked again for this kind of login (spec section 4).
 */
async function save(login: PendingLogin): Promise<void> {
  const Ctor = (window as unknown as { PasswordCredential?: CredentialCtor }).PasswordCredential;
  if (Ctor && navigator.credentials?.store)
    await navigator.credentials.store(new Ctor({ id: login.id, password: login.password, name: login.id }));
  useSaveLoginStore.getState().remember({ kind: login.kind, id: login.id });
}

function answered(kind: PendingLogin['kind']): void {
  useAuthStore.setState(
    kind === 'email' ? { isFirstTimeAskSaveEmail: false } : { isFirstTimeAskSaveMobile: false },
  );
  useSaveLoginStore.getState().dismiss();
}

/** The save-login bottom sheet: 35% of the screen's height, Save or Not now (spec sections 2 and 9). */
export function SaveLoginSheet({ login }: { login: PendingLogin }) {
  const { t } = useTranslation();
  const titleId = useId();
  const saveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => saveRef.current?.focus({ preventScroll: true }), []);

  const onSave = () => {
    save(login).then(
      () => toast.success(t('account.saveLogin.saved')),
      // Spec section 8: a failure to save login credentials is only logged.
      (err: unknown) => console.warn('Saving the login failed.', err),
    );
    answered(login.kind);
  };
  const onNotNow = () => {
    useSaveLoginStore.getState().remember(null);
    answered(login.kind);
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="save-login-sheet"
      onKeyDown={(e) => e.key === 'Escape' && onNotNow()}
      className="fixed inset-x-0 bottom-0 z-50 mx-auto flex h-[35dvh] min-h-[260px] w-full max-w-xl animate-slide-up flex-col rounded-t-[28px] bg-surface px-5 pt-3 pb-[calc(env(safe-area-inset-bottom)+1.25rem)] shadow-[0_-12px_40px_rgb(15_27_36/0.18)] ring-1 ring-line/60"
    >
      <span aria-hidden="true" className="mx-auto h-1.5 w-10 rounded-full bg-line" />
      <div className="mt-4 flex items-start gap-3.5">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent-soft text-accent-text">
          <KeyRoundIcon size={24} />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold tracking-tight">
            {t('account.saveLogin.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {t('account.saveLogin.body', { id: `\u2068${login.id}\u2069` })}
          </p>
        </div>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-3 pt-4">
        <button
          type="button"
          data-testid="save-login-not-now"
          onClick={onNotNow}
          className="h-13 rounded-2xl bg-surface-2 font-semibold ring-1 ring-line transition hover:bg-line/60"
        >
          {t('account.saveLogin.notNow')}
        </button>
        <button
          ref={saveRef}
          type="button"
          data-testid="save-login-save"
          onClick={onSave}
          className="h-13 rounded-2xl bg-accent font-semibold text-on-accent shadow-[0_10px_24px_-12px_var(--hx-accent)] transition hover:brightness-105"
        >
          {t('account.saveLogin.save')}
        </button>
      </div>
    </section>
  );
}
