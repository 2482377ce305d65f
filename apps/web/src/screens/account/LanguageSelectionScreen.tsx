import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageRadioList } from '../../components/LanguageRadioList.tsx';
import { paths } from '../../routes.ts';
import { useAppSettingStore } from '../../state/app-setting-store.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { LogoMark } from '../../ui/device-glyphs.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

function LanguageList() {
  return <LanguageRadioList name="language-selection" testIdPrefix="language-selection" tall />;
}

/**
 * language-selection [hasHeader]: with a header it is a settings page (slides from the bottom);
 * without, the first-run picker that continues to authenticate.
 */
export default function LanguageSelectionScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hasHeader = params.get('hasHeader') === 'true';
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  useEffect(() => {
    useAppSettingStore.setState({ hasSeenLanguageSelectionScreen: true });
  }, []);

  if (hasHeader)
    return (
      <StackScreen
        backTo="/bottom-tab-bar-navigator/setting"
        title={t('account.language.title')}
        slide="bottom"
        testId="screen-language-selection"
      >
        <p className="mt-2 mb-5 px-1 text-sm text-muted">{t('account.language.subtitle')}</p>
        <LanguageList />
      </StackScreen>
    );

  return (
    <div
      className="mx-auto flex min-h-dvh max-w-[420px] animate-slide-up flex-col px-5 pt-[calc(env(safe-area-inset-top)+3rem)] pb-8"
      data-testid="screen-language-selection"
    >
      <LogoMark size={56} className="drop-shadow-sm" />
      <h1 className="mt-6 text-[28px] leading-tight font-bold tracking-tight">
        {t('account.language.title')}
      </h1>
      <p className="mt-2 mb-8 text-muted">{t('account.language.subtitle')}</p>
      <LanguageList />
      <div className="mt-auto pt-8">
        <PrimaryButton
          type="button"
          data-testid="language-continue"
          onClick={() =>
            navigate(isLoggedIn ? paths.tab('dashboard') : paths.authenticate, { replace: true })
          }
        >
          {t('account.common.continue')}
        </PrimaryButton>
      </div>
    </div>
  );
}
