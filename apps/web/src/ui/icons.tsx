/**
 * The app's one icon set: lucide-react, imported icon by icon so only the icons in use are bundled,
 * under the names the screens use. Icons draw in the current colour and are hidden from assistive
 * technology unless given a label; those that point along the line are mirrored in right-to-left
 * layouts. The few device glyphs lucide lacks are in `device-glyphs.tsx`.
 */
import type { LucideIcon, LucideProps } from 'lucide-react';
import { ArrowRight, ChevronLeft, ChevronRight, FolderInput, LogOut, Send, Star } from 'lucide-react';

export type IconProps = LucideProps;
export type Icon = LucideIcon;

export {
  ArrowDown as ArrowDownIcon,
  ArrowRightLeft as ExchangeIcon,
  ArrowUp as ArrowUpIcon,
  Bell as BellIcon,
  BellRing as BellRingIcon,
  Calendar as CalendarIcon,
  Camera as CameraIcon,
  ChartLine as ChartIcon,
  Check as CheckIcon,
  ChevronDown as ChevronDownIcon,
  ChevronDown as CloseCurtainIcon,
  ChevronsUpDown as ChevronUpDownIcon,
  ChevronUp as OpenIcon,
  CircleAlert as AlertIcon,
  CircleDot as ButtonIcon,
  Clock as ClockIcon,
  Cloud as CloudIcon,
  CloudOff as CloudOffIcon,
  Copy as CopyIcon,
  Cpu as MemoryIcon,
  DoorClosed as DoorClosedIcon,
  DoorClosed as DoorIcon,
  DoorOpen as DoorOpenIcon,
  Download as DownloadIcon,
  Eye as EyeIcon,
  EyeOff as EyeOffIcon,
  Fan as FanIcon,
  FileText as ReportIcon,
  Flame as FlameIcon,
  FlaskConical as TestIcon,
  Gauge as GaugeIcon,
  Globe as GlobeIcon,
  Grid3x3 as GridIcon,
  GripVertical as GripIcon,
  Hand as HandIcon,
  Headset as SupportIcon,
  Heart as HeartIcon,
  History as HistoryIcon,
  House as HomeIcon,
  HousePlug as DockIcon,
  Image as ImageIcon,
  Info as InfoIcon,
  KeyRound as KeyIcon,
  Laptop as LaptopIcon,
  LayoutGrid as DevicesIcon,
  Lightbulb as BulbIcon,
  Link as LinkIcon,
  List as ListIcon,
  LocateFixed as LocateIcon,
  Lock as LockIcon,
  LockOpen as UnlockIcon,
  MapPin as PinIcon,
  Minus as MinusIcon,
  Monitor as SystemIcon,
  Moon as MoonIcon,
  Palette as PaletteIcon,
  Pause as PauseIcon,
  Pencil as PencilIcon,
  PersonStanding as MotionIcon,
  Play as PlayIcon,
  Plug as PlugIcon,
  Plus as PlusIcon,
  Plus as PlusSmallIcon,
  Power as PowerIcon,
  Printer as PrintIcon,
  QrCode as QrIcon,
  Radio as SensorIcon,
  RefreshCw as RefreshIcon,
  Search as SearchIcon,
  Settings as GearIcon,
  Share2 as ShareIcon,
  ShieldCheck as ShieldIcon,
  SlidersHorizontal as SettingsIcon,
  SlidersVertical as SlidersIcon,
  Smartphone as PhoneIcon,
  Snowflake as SnowIcon,
  SquareCheck as SelectIcon,
  Sun as SunIcon,
  SunDim as BrightnessIcon,
  Tag as TagIcon,
  Thermometer as ThermoIcon,
  Timer as TimerIcon,
  Trash2 as TrashIcon,
  User as UserIcon,
  Users as UsersIcon,
  Vibrate as VibrationIcon,
  WandSparkles as WandIcon,
  WashingMachine as WasherIcon,
  Wifi as WifiIcon,
  X as CloseIcon,
  Zap as AutomationIcon,
  Zap as BoltIcon,
} from 'lucide-react';

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
