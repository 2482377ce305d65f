import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/account/layout.tsx';
import { accountPaths } from '../../routes.ts';
import { CARD } from '../../ui/styles.ts';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;

/** terms-and-conditions: reachable logged out (from sign-up) and in; slides from the bottom. */
export default function TermsScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('account.terms.title')}
      subtitle={t('account.terms.updated')}
      back={accountPaths.signup}
      testId="screen-terms"
    >
      <article className={`mt-8 animate-slide-up space-y-6 p-5 sm:p-7 ${CARD}`}>
        {SECTIONS.map((s) => (
          <section key={s}>
            <h2 className="text-base font-semibold">{t(`account.terms.${s}Title`)}</h2>
            <p className="mt-1.5 text-[15px] leading-relaxed text-muted">{t(`account.terms.${s}`)}</p>
          </section>
        ))}
      </article>
    </AuthLayout>
  );
}
