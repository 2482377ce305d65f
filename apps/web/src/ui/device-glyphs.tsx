/**
 * Device glyphs lucide does not have, drawn on lucide's own frame (24-unit grid, current colour, 2-unit
 * round strokes) so they sit beside its icons unnoticed, and the Hestia mark. Drawn here rather than
 * with lucide's createLucideIcon, which only its package index exports: importing that index put every
 * icon any screen draws into the first load.
 */
import type { IconProps } from './icons.tsx';

/** lucide's frame. */
function Frame({ size = 24, strokeWidth = 2, className = '', children, ...rest }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`lucide ${className}`}
      {...rest}
    >
      {children}
    </svg>
  );
}

export function CurtainIcon(p: IconProps) {
  return (
    <Frame {...p}>
      <path d="M3 3.5h18" />
      <path d="M5 3.5V20h4.2c-1.6-4-2.2-10.5-.7-16.5" />
      <path d="M19 3.5V20h-4.2c1.6-4 2.2-10.5.7-16.5" />
    </Frame>
  );
}

/** A device the catalogue gives no icon of its own. */
export function DeviceIcon(p: IconProps) {
  return (
    <Frame {...p}>
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <circle cx="12" cy="12" r="2.5" />
    </Frame>
  );
}

export function RemoteIcon(p: IconProps) {
  return (
    <Frame {...p}>
      <rect x="7.5" y="3" width="9" height="18" rx="3" />
      <circle cx="12" cy="8" r="1.6" />
      <path d="M10.5 13h.1M13.5 13h.1M10.5 16h.1M13.5 16h.1" strokeWidth={2.4} />
    </Frame>
  );
}

export function VacuumIcon(p: IconProps) {
  return (
    <Frame {...p}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="3" />
      <path d="M7 7.5h.01M17 7.5h.01" strokeWidth={2.4} />
    </Frame>
  );
}

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
