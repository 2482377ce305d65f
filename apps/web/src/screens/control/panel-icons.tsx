import { type IconProps, Svg } from '../../components/icons.tsx';

/** Icons of the key, sensor, lock and vacuum panels, on the app's one icon frame. */
export const MotionIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="13" cy="4.5" r="1.8" />
    <path d="m9 21 2.5-6 2.5 2v4M7.5 11.5 10 8h4l2 3.5 3 1M10 8l1.5 7" />
    <path d="M3.5 9h2.5M2.5 13h3" />
  </Svg>
);

export const DoorOpenIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 21h16M6 21V4.5A1.5 1.5 0 0 1 7.5 3h9A1.5 1.5 0 0 1 18 4.5V21" />
    <path d="M6 3.5 13 6v15l-7-1" />
    <path d="M10.5 12.5h.01" strokeWidth={2.6} />
  </Svg>
);

export const DoorClosedIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 21h16M6 21V4.5A1.5 1.5 0 0 1 7.5 3h9A1.5 1.5 0 0 1 18 4.5V21" />
    <path d="M14.5 12.5h.01" strokeWidth={2.6} />
  </Svg>
);

export const VibrationIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="8" y="4" width="8" height="16" rx="2" />
    <path d="M4.5 8v8M2 10v4M19.5 8v8M22 10v4" />
  </Svg>
);

export const BellRingIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15Z" />
    <path d="M10 21h4M3 7.5A9 9 0 0 1 5.5 3.5M21 7.5a9 9 0 0 0-2.5-4" />
  </Svg>
);

export const UnlockIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
    <path d="M8.5 10.5V8a3.5 3.5 0 0 1 6.8-1.2M12 14.5v2" />
  </Svg>
);

export const VacuumIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="3" />
    <path d="M7 7.5h.01M17 7.5h.01" strokeWidth={2.4} />
  </Svg>
);

export const DockIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 10.2 12 3.5l8.5 6.7V19a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19Z" />
    <path d="M9 20.5v-4a3 3 0 0 1 6 0v4" />
  </Svg>
);

export const GripIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth={2.8} />
  </Svg>
);

export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Svg>
);

export const ArrowDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Svg>
);
