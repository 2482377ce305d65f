import { shareTokenParamsSchema } from '@hestia/contract';
import DoorClosedIcon from 'lucide-react/icons/door-closed';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import MapPinIcon from 'lucide-react/icons/map-pin';
import Share2Icon from 'lucide-react/icons/share-2';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAssetTreeQuery } from '../../data/assets.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { pickPlace } from '../../lib/places.ts';
import { shareTokenOf } from '../../lib/share-token.ts';
import { configPaths, homePaths } from '../../routes.ts';
import { useHomeStore } from '../../state/home-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

interface ShareLinkForm {
  link: string;
}

/** A share link (or its bare token), read by the app's parser, then checked by the contract's share-token rule. */
const shareLinkResolver = contractResolver<ShareLinkForm>(
  shareTokenParamsSchema,
  ({ link }) => ({ shareToken: shareTokenOf(link) }),
  ({ link }) => ({ link: shareTokenOf(link) ? undefined : 'home.add.badLink' }),
  { link: 'home.add.badLink' },
);

/** general-add (spec section 2): what can be added: a device, a place, a room, a shared device. */
export function GeneralAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useAssetTreeQuery();
  const chosen = useHomeStore((s) => s.defaultAssetId);
  const place = pickPlace(tree.data ?? [], chosen);
  const form = useForm<ShareLinkForm>({ resolver: shareLinkResolver, defaultValues: { link: '' } });
  const link = form.watch('link');
  const problem = form.formState.errors.link?.message;
  const error = problem ? t(problem as 'home.add.badLink') : null;
  const inputId = useId();

  const accept = form.handleSubmit(({ link }) => {
    const token = shareTokenOf(link);
    if (token) void navigate(homePaths.sharedDevice(token));
  });

  return (
    <StackScreen title={t('home.add.title')} testId="screen-general-add">
      <Section>
        <Row
          icon={LayoutGridIcon}
          title={t('home.add.device')}
          subtitle={t('home.add.deviceHint')}
          to={configPaths.selectMode()}
          testId="add-device"
        />
        <Row
          icon={MapPinIcon}
          title={t('home.places.add')}
          subtitle={t('home.add.placeHint')}
          to={homePaths.addOrEditAsset()}
          testId="add-place"
        />
        <Row
          icon={DoorClosedIcon}
          title={t('home.rooms.add')}
          subtitle={place ? t('home.add.roomHint', { name: place.name }) : undefined}
          to={place ? homePaths.addRoom(place.id) : undefined}
          disabled={!place}
          testId="add-room"
        />
      </Section>
      <Section title={t('home.add.shared')}>
        <form onSubmit={(e) => void accept(e)} noValidate className="p-4">
          <label htmlFor={inputId} className="mb-1.5 flex items-center gap-2 text-[15px] font-medium">
            <Share2Icon size={18} className="text-accent-text" />
            {t('home.add.sharedLabel')}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              dir="ltr"
              {...form.register('link', { onChange: () => form.clearErrors('link') })}
              placeholder="https://…/share/…"
              data-testid="shared-link"
              aria-invalid={error ? true : undefined}
              className="h-12 min-w-0 flex-1 rounded-2xl border border-line bg-bg px-4 text-[16px] outline-none focus:border-accent"
            />
            <Button type="submit" variant="secondary" disabled={!link.trim()} data-testid="shared-link-open">
              {t('home.add.open')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="mt-1.5 text-[13px] text-danger" data-testid="shared-link-error">
              {error}
            </p>
          ) : null}
        </form>
      </Section>
    </StackScreen>
  );
}
