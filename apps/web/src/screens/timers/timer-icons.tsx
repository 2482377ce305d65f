import { type IconProps, Svg } from '../../components/icons.tsx';

/** Icons of the timers feature, on the app's one icon frame. */
export const TimerIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="13.5" r="7.5" />
    <path d="M12 9.5v4l2.5 2M9.5 2.8h5M12 2.8V6" />
  </Svg>
);

export const CalendarIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
    <path d="M8 14h2M14 14h2M8 17h2" />
  </Svg>
);

export const ExchangeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 8h13M13.5 4.5 17 8l-3.5 3.5" />
    <path d="M20 16H7M10.5 12.5 7 16l3.5 3.5" />
  </Svg>
);

export const ArrowIcon = ({ className = '', ...p }: IconProps) => (
  <Svg className={`rtl:-scale-x-100 ${className}`} {...p}>
    <path d="M4.5 12h15M14 6.5l5.5 5.5-5.5 5.5" />
  </Svg>
);
