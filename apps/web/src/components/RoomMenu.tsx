import { useTranslation } from 'react-i18next';

interface RoomMenuProps {
  rooms: readonly string[];
  /** null means all rooms. */
  selected: string | null;
  onSelect(room: string | null): void;
}

/** 'All rooms' and each room of the place, as a row of chips that scrolls sideways on a phone. */
export function RoomMenu({ rooms, selected, onSelect }: RoomMenuProps) {
  const { t } = useTranslation();
  const entries: Array<{ key: string; label: string; value: string | null }> = [
    { key: '*', label: t('dashboard.allRooms'), value: null },
    ...rooms.map((room) => ({ key: room, label: room, value: room })),
  ];
  return (
    <fieldset data-testid="room-menu" className="mt-5 min-w-0">
      <legend className="sr-only">{t('dashboard.rooms')}</legend>
      <div className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 sm:-mx-6 sm:px-6">
        {entries.map((entry) => {
          const isSelected = entry.value === selected;
          return (
            <button
              key={entry.key}
              type="button"
              aria-pressed={isSelected}
              data-testid="room-chip"
              onClick={() => onSelect(entry.value)}
              className={`h-11 shrink-0 rounded-full px-5 text-sm font-medium whitespace-nowrap transition-colors ${
                isSelected ? 'bg-ink text-bg' : 'bg-surface text-muted ring-1 ring-line hover:text-ink'
              }`}
            >
              {entry.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
