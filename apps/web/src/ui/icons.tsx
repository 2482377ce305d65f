/**
 * The app's one icon set is lucide-react. A screen imports each icon it draws by its own path
 * (`import HouseIcon from 'lucide-react/icons/house'`), so the first screens load only the icons they
 * draw: through the package's index (or a module here re-exporting them all) every icon any screen
 * draws landed in the first load's shared chunk (+9 KB gzip). Icons draw in the current colour and are
 * hidden from assistive technology unless given a label. This module holds the icons that point along the line and so turn
 * round in right-to-left layouts, and the star that fills; the device glyphs lucide lacks are in
 * `device-glyphs.tsx`.
 */
import type { LucideIcon, LucideProps } from 'lucide-react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import FolderInput from 'lucide-react/icons/folder-input';
import LogOut from 'lucide-react/icons/log-out';
import Send from 'lucide-react/icons/send';
import Star from 'lucide-react/icons/star';

export type IconProps = LucideProps;
export type Icon = LucideIcon;

/** An icon that points along the line of text, so it turns round in right-to-left layouts. */
function mirrored(Base: LucideIcon) {
  return function Mirrored({ className = '', ...p }: IconProps) {
    return <Base className={`rtl:-scale-x-100 ${className}`} {...p} />;
  };
}

/** Points back, to the start of the line. */
export const BackIcon = mirrored(ChevronLeft);
/** Points forward, to the end of the line. */
export const ChevronEndIcon = mirrored(ChevronRight);
export const ArrowIcon = mirrored(ArrowRight);
export const LogoutIcon = mirrored(LogOut);
export const SendIcon = mirrored(Send);
export const MoveIcon = mirrored(FolderInput);

export function StarIcon({ filled, ...p }: IconProps & { filled?: boolean }) {
  return <Star fill={filled ? 'currentColor' : 'none'} {...p} />;
}
