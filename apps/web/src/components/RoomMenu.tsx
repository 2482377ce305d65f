import SlidersHorizontalIcon from 'lucide-react/icons/sliders-horizontal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChipRow } from './ChipRow.tsx';

export interface RoomEntry {
  id: string;
  name: string;
}

interface RoomMenuProps {
  rooms: readonly RoomEntry[];
  /** null means all rooms. */
  selected: string | null;
  onSelect(roomId: string | null): void;
  /** Where 'manage rooms' leads (the place's room list). */
  manageTo: string;
}

/**
 * 'All rooms', each room of the place, and 'manage rooms' (spec section 2), as a row of chips that
 * scrolls sideways on a phone, with a fade where more chips hide (ChipRow).
 */
export function RoomMenu({ rooms, selected, onSelect, manageTo }: RoomMenuProps) {
  const { t } = useTranslation();
  const entries: Array<{ key: string; label: string; value: string | null }> = [
    { key: '*', label: t('dashboard.allRooms'), value: null },
    ...rooms.map((room) => ({ key: room.id, label: room.name, value: room.id })),
  ];
  const chip =
    'inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full px-5 text-sm font-medium whitespace-nowrap transition-colors';
  return (
    <fieldset data-testid="room-menu" className="mt-5 min-w-0">
      <legend className="sr-only">{t('dashboard.rooms')}</legend>
      <ChipRow testId="room-chips">
        {entries.map((entry) => {
          const isSelected = entry.value === selected;
          return (
            <button
              key={entry.key}
              type="button"
              aria-pressed={isSelected}
              data-testid="room-chip"
              data-room-id={entry.value ?? ''}
              onClick={() => onSelect(entry.value)}
              className={`${chip} ${isSelected ? 'bg-ink text-bg' : 'bg-surface text-muted ring-1 ring-line hover:text-ink'}`}
            >
              <bdi>{entry.label}</bdi>
            </button>
          );
        })}
        <Link
          to={manageTo}
          data-testid="manage-rooms"
          className={`${chip} border border-dashed border-line text-accent-text hover:bg-accent-soft`}
        >
          <SlidersHorizontalIcon size={16} />
          {t('home.rooms.manage')}
        </Link>
      </ChipRow>
    </fieldset>
  );
}
