import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The one outline-icon frame: 24-unit grid, current colour, hidden from assistive technology. */
export function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 10.2 12 3.5l8.5 6.7V19a1.5 1.5 0 0 1-1.5 1.5h-4v-5.5h-6v5.5H5A1.5 1.5 0 0 1 3.5 19Z" />
  </Svg>
);

export const SettingsIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2.2" />
    <circle cx="9" cy="17" r="2.2" />
  </Svg>
);

export const AutomationIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M13 2.8 5 13.5h6.2L10.6 21 19 10.3h-6.3Z" />
  </Svg>
);

export const DevicesIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="3.5" width="7" height="7" rx="2" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="2" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="2" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="2" />
  </Svg>
);

export const HeartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 20s-7.5-4.4-8.8-9.6A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8.8 3.4C19.5 15.6 12 20 12 20Z" />
  </Svg>
);

export const PowerIcon = (p: IconProps) => (
  <Svg strokeWidth={2.2} {...p}>
    <path d="M12 3.5v7.5" />
    <path d="M6.6 6.9a7.5 7.5 0 1 0 10.8 0" />
  </Svg>
);

export const BulbIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9.2 17.5h5.6M10 20.5h4" />
    <path d="M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2v1.7h5.2v-1.7c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z" />
  </Svg>
);

export const PlugIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 3v4.5M15 3v4.5" />
    <path d="M6.5 7.5h11v3.5a5.5 5.5 0 0 1-11 0Z" />
    <path d="M12 16.5V21" />
  </Svg>
);

export const CurtainIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 3.5h18" />
    <path d="M5 3.5V20h4.2c-1.6-4-2.2-10.5-.7-16.5" />
    <path d="M19 3.5V20h-4.2c1.6-4 2.2-10.5.7-16.5" />
  </Svg>
);

export const DeviceIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="4" width="16" height="16" rx="4" />
    <circle cx="12" cy="12" r="2.5" />
  </Svg>
);

export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.4 2.4 3.5 5.3 3.5 8.5s-1.1 6.1-3.5 8.5c-2.4-2.4-3.5-5.3-3.5-8.5S9.6 5.9 12 3.5Z" />
  </Svg>
);

export const EyeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

export const EyeOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.6 3.4M6.5 7.3C3.9 9 2.5 12 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3.5 3.5l17 17" />
  </Svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m6.5 9.5 5.5 5.5 5.5-5.5" />
  </Svg>
);

/** Points to the end of the line; mirrored in right-to-left layouts. */
export const LogoutIcon = ({ className = '', ...p }: IconProps) => (
  <Svg className={`rtl:-scale-x-100 ${className}`} {...p}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="M9 16.5 4.5 12 9 7.5M4.5 12H15" />
  </Svg>
);

export const SunIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4" />
  </Svg>
);

export const MoonIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
  </Svg>
);

export const SystemIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4.5" width="18" height="12" rx="2" />
    <path d="M8.5 20h7M12 16.5V20" />
  </Svg>
);

export const CheckIcon = (p: IconProps) => (
  <Svg strokeWidth={2.4} {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

export const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v5.5M12 16.3v.2" />
  </Svg>
);

export const CloudOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 3.5l17 17M8 7.2A5.5 5.5 0 0 1 17.2 10 4 4 0 0 1 20 16.5M16.5 18.5H7a4.5 4.5 0 0 1-1.6-8.7" />
  </Svg>
);

/** The Hestia mark: a house with the hearth's flame. */
export function LogoMark({ size = 48, className = '' }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="hx-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3DD3E6" />
          <stop offset="1" stopColor="#0FA3BA" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="128" fill="url(#hx-logo-bg)" />
      <path
        d="M120 244 256 128l136 116v136a28 28 0 0 1-28 28H148a28 28 0 0 1-28-28Z"
        fill="none"
        stroke="#fff"
        strokeWidth="30"
        strokeLinejoin="round"
      />
      <path
        d="M256 250c26 30 46 52 46 82a46 46 0 0 1-92 0c0-20 10-34 22-46 2 14 8 22 18 26-6-22 0-42 6-62Z"
        fill="#fff"
      />
    </svg>
  );
}

/** Points back (start of the line); mirrored in right-to-left layouts. */
export const BackIcon = ({ className = '', ...p }: IconProps) => (
  <Svg className={`rtl:-scale-x-100 ${className}`} {...p}>
    <path d="M15 5.5 8.5 12l6.5 6.5" />
  </Svg>
);

/** Points forward (end of the line); mirrored in right-to-left layouts. */
export const ChevronEndIcon = ({ className = '', ...p }: IconProps) => (
  <Svg className={`rtl:-scale-x-100 ${className}`} {...p}>
    <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
  </Svg>
);

export const UserIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20.5c.8-3.8 3.9-6 7.5-6s6.7 2.2 7.5 6" />
  </Svg>
);

export const ShieldIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6Z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </Svg>
);

export const PaletteIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3.5a8.5 8.5 0 0 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-1.3-1.1-1.6-1.1-2.7 0-.9.7-1.6 1.6-1.6h2.2a4 4 0 0 0 4-4c0-3.9-3.8-7-8.5-7Z" />
    <circle cx="7.8" cy="11" r="1.1" />
    <circle cx="10.5" cy="7.3" r="1.1" />
    <circle cx="15" cy="7.8" r="1.1" />
  </Svg>
);

export const CameraIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4.5 8h3l1.6-2.5h5.8L16.5 8h3A1.5 1.5 0 0 1 21 9.5v8.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18V9.5A1.5 1.5 0 0 1 4.5 8Z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </Svg>
);

export const LaptopIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4.5" y="5" width="15" height="10.5" rx="1.5" />
    <path d="M2.5 19h19" />
  </Svg>
);

export const PhoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Svg>
);

export const KeyIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.7-8.7M16.5 6.5l2.5 2.5M14 9l2 2" />
  </Svg>
);
