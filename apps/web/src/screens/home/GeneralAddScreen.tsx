import DoorClosedIcon from 'lucide-react/icons/door-closed';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import MapPinIcon from 'lucide-react/icons/map-pin';
import Share2Icon from 'lucide-react/icons/share-2';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAssetTreeQuery } from '../../data/assets.ts';
import { pickPlace } from '../../lib/places.ts';
import { shareTokenOf } from '../../lib/share-token.ts';
import { configPaths, homePaths } from '../../routes.ts';
import { useHomeStore } from '../../state/home-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

/** general-add (spec section 2): what can be added: a device, a place, a room, a shared device. */
export function GeneralAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useAssetTreeQuery();
  const chosen = useHomeStore((s) => s.defaultAssetId);
  const place = pickPlace(tree.data ?? [], chosen);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const accept = (e: FormEvent) => {
    e.preventDefault();
    const token = shareTokenOf(link);
    if (!token) return setError(t('home.add.badLink'));
    void navigate(homePaths.sharedDevice(token));
  };

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
        <form onSubmit={accept} className="p-4">
          <label htmlFor={inputId} className="mb-1.5 flex items-center gap-2 text-[15px] font-medium">
            <Share2Icon size={18} className="text-accent-text" />
            {t('home.add.sharedLabel')}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              dir="ltr"
              value={link}
              onChange={(e) => {
                setLink(e.target.value);
                setError(null);
              }}
              placeholder="https://…/share/…"
              aria-invalid={error ? true : undefined}
              className="h-12 min-w-0 flex-1 rounded-2xl border border-line bg-bg px-4 text-[16px] outline-none focus:border-accent"
            />
            <Button type="submit" variant="secondary" disabled={!link.trim()}>
              {t('home.add.open')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="mt-1.5 text-[13px] text-danger">
              {error}
            </p>
          ) : null}
        </form>
      </Section>
    </StackScreen>
  );
}
