import GlobeIcon from 'lucide-react/icons/globe';
import InfoIcon from 'lucide-react/icons/info';
import MailIcon from 'lucide-react/icons/mail';
import MonitorSmartphoneIcon from 'lucide-react/icons/monitor-smartphone';
import PhoneIcon from 'lucide-react/icons/phone';
import { useTranslation } from 'react-i18next';
import pkg from '../../../package.json';
import { useBranding } from '../../data/branding.ts';
import { localeDigits } from '../../lib/digits.ts';
import { isStandalone } from '../../lib/install-prompt.ts';
import { paths } from '../../routes.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

/** The about screen (spec section 2): the app's version and whether it runs installed. */
export default function AboutScreen() {
  const { t, i18n } = useTranslation();
  const support = useBranding({ always: true })?.support;
  return (
    <StackScreen
      title={t('shell.about.title')}
      slide="bottom"
      backTo={paths.tab('setting')}
      testId="screen-about"
    >
      <div className="mb-6 flex flex-col items-center gap-2 pt-4 text-center">
        <img src="/icons/icon-192.png" alt="" className="size-20 rounded-3xl shadow-card" />
        <p className="text-xl font-bold">{t('app.name')}</p>
      </div>
      <Section>
        <Row
          icon={InfoIcon}
          title={t('shell.about.version')}
          trailing={
            <span data-testid="app-version" dir="ltr" className="text-[15px] text-muted">
              {localeDigits(pkg.version, i18n.language)}
            </span>
          }
        />
        <Row
          icon={MonitorSmartphoneIcon}
          title={isStandalone(window) ? t('shell.about.installed') : t('shell.about.inBrowser')}
        />
      </Section>
      {support ? (
        <Section title={t('shell.about.support')}>
          {(
            [
              [MailIcon, t('shell.about.supportEmail'), support.email, `mailto:${support.email}`],
              [
                PhoneIcon,
                t('shell.about.supportPhone'),
                support.phone,
                `tel:${support.phone.replace(/[^\d+]/g, '')}`,
              ],
              // The address without its scheme: shorter, and the link still goes to the whole of it.
              ...(support.url
                ? [
                    [
                      GlobeIcon,
                      t('shell.about.supportWeb'),
                      support.url.replace(/^https?:\/\//, ''),
                      support.url,
                    ],
                  ]
                : []),
            ] as Array<[typeof MailIcon, string, string, string]>
          ).map(([icon, title, text, href]) => (
            <Row
              key={href}
              icon={icon}
              title={title}
              trailing={
                <a
                  href={href}
                  dir="ltr"
                  title={text}
                  // Never wider than most of the row: the row's own label stays readable beside it.
                  className="block min-w-0 max-w-[62%] truncate text-[15px] font-medium text-accent-text underline"
                  data-testid="about-support"
                >
                  {text}
                </a>
              }
            />
          ))}
        </Section>
      ) : null}
    </StackScreen>
  );
}
