import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import {
  BOILER_PARTS,
  type BoilerPart,
  boilerActivity,
  type BoilerDiagram as Diagram,
} from './water-state.ts';

/** Drawing colours: the theme's tokens, so light and dark both read; flame and spark keep their own. */
const HOT = 'fill-orange-500 stroke-orange-600';
const tone = (active: boolean | undefined, on: string, off = 'fill-surface stroke-muted') =>
  active ? on : off;
const pipe = (active: boolean) => (active ? 'stroke-accent' : 'stroke-line');

/** The words for a part's state: a pressure switch reads normal or low, the rest on or off. */
function useStateWord() {
  const { t } = useTranslation();
  return (part: BoilerPart, on: boolean | undefined) =>
    on === undefined
      ? t('control.noValue')
      : part === 'water_pressure'
        ? on
          ? t('water.boiler.pressureOk')
          : t('water.boiler.pressureLow')
        : on
          ? t('device.on')
          : t('device.off');
}

/**
 * The boiler drawn as it works (issue 19): burner and flame, fan and air pressure switch, gas valve,
 * ignitor, pump, three-way valve sending heat to the radiators or the taps, water pressure and flow.
 * Every part follows its status flag live. The picture is one labelled image whose description says
 * the same in words, and the legend under it lists each part with its state, for every reader.
 */
export function BoilerDiagram({ diagram, mode }: { diagram: Diagram; mode: number | undefined }) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const word = useStateWord();
  const id = useId();
  const p = diagram.parts;
  const activity = boilerActivity(diagram, mode);
  const caption = t(`water.boiler.activity.${activity}` as 'water.boiler.activity.off');
  const name = (key: string) => text.title(`keys.${key}`, key);
  const description = [
    caption,
    ...BOILER_PARTS.map(({ part, key }) => `${name(key)}: ${word(part, p[part])}`),
  ].join('. ');
  const toRadiators = diagram.route === 'heating';
  const toTaps = diagram.route === 'hot_water';

  return (
    <div data-testid="boiler-diagram" data-route={diagram.route} data-activity={activity}>
      <p className="mb-2 text-[15px] font-semibold text-ink" data-testid="boiler-route">
        {caption}
      </p>
      <svg
        viewBox="0 0 320 180"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="h-auto w-full"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <title id={`${id}-t`}>{t('water.boiler.diagram')}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {/* Gas in, through the valve, to the burner. */}
        <path d="M14 150 H140 V128" strokeWidth="4" className={pipe(p.gas_valve === true)} />
        <g data-part="gas_valve" data-on={p.gas_valve ?? ''}>
          <path
            d="M46 140 L46 160 L64 150 Z M82 140 L82 160 L64 150 Z"
            strokeWidth="2"
            className={tone(p.gas_valve, 'fill-success stroke-success')}
          />
        </g>
        {/* Cold water in, past the pressure switch. */}
        <path d="M14 96 H90" strokeWidth="4" className="stroke-line" />
        <g data-part="water_pressure" data-on={p.water_pressure ?? ''}>
          <circle
            cx="48"
            cy="96"
            r="11"
            strokeWidth="2.5"
            className={
              p.water_pressure === undefined
                ? 'fill-surface stroke-muted'
                : p.water_pressure
                  ? 'fill-surface stroke-success'
                  : 'fill-danger-soft stroke-danger'
            }
          />
          <path
            d={p.water_pressure === false ? 'M48 96 L41 101' : 'M48 96 L54 89'}
            strokeWidth="2.5"
            className={p.water_pressure === false ? 'stroke-danger' : 'stroke-ink'}
          />
        </g>
        {/* The casing. */}
        <rect
          x="90"
          y="10"
          width="140"
          height="160"
          rx="14"
          strokeWidth="2"
          className="fill-surface-2 stroke-line"
        />
        {/* Fan on top, and the air pressure switch it closes. */}
        <g data-part="fan" data-on={p.fan ?? ''}>
          <circle
            cx="140"
            cy="38"
            r="17"
            strokeWidth="2"
            className={tone(p.fan, 'fill-accent-soft stroke-accent')}
          />
          <g
            className={p.fan ? 'motion-safe:animate-spin' : ''}
            style={{ transformOrigin: '140px 38px', transformBox: 'view-box', animationDuration: '1.6s' }}
          >
            <path
              d="M140 38 C134 30 136 24 140 23 C144 24 146 30 140 38 Z M140 38 C149 40 152 46 150 49 C146 51 141 47 140 38 Z M140 38 C135 47 129 49 127 46 C126 42 131 38 140 38 Z"
              strokeWidth="1.5"
              className={p.fan ? 'fill-accent stroke-accent' : 'fill-muted/40 stroke-muted'}
            />
          </g>
        </g>
        <g data-part="air_pressure" data-on={p.air_pressure ?? ''}>
          <rect
            x="176"
            y="30"
            width="26"
            height="16"
            rx="4"
            strokeWidth="2"
            className={tone(p.air_pressure, 'fill-accent stroke-accent')}
          />
          <path d="M158 38 H176" strokeWidth="2" className={pipe(p.air_pressure === true)} />
        </g>
        {/* The heat exchanger, hot while the flame burns. */}
        <path
          d="M104 78 L116 68 L128 78 L140 68 L152 78 L164 68 L176 78 L188 68 L200 78 L212 68"
          strokeWidth="3"
          className={p.flame ? 'stroke-orange-500' : 'stroke-muted'}
        />
        {/* Burner and flame. */}
        <rect
          x="112"
          y="126"
          width="80"
          height="8"
          rx="3"
          className="fill-muted stroke-muted"
          strokeWidth="1"
        />
        <g data-part="flame" data-on={p.flame ?? ''}>
          {[128, 152, 176].map((x) => (
            <path
              key={x}
              d={`M${x} 124 C${x - 9} 114 ${x - 4} 104 ${x} 94 C${x + 4} 104 ${x + 9} 114 ${x} 124 Z`}
              strokeWidth="1.5"
              strokeDasharray={p.flame ? undefined : '3 3'}
              className={p.flame ? `${HOT} motion-safe:animate-pulse` : 'fill-none stroke-muted'}
            />
          ))}
        </g>
        {/* The ignitor's spark beside the burner. */}
        <g data-part="ignitor" data-on={p.ignitor ?? ''}>
          <path
            d="M206 104 L200 114 L208 114 L202 126"
            strokeWidth="2.5"
            className={p.ignitor ? 'stroke-yellow-500' : 'stroke-muted'}
          />
        </g>
        {/* Heat out to the three-way valve. */}
        <path d="M212 68 V60 H262" strokeWidth="4" className={pipe(toRadiators || toTaps)} />
        <g data-part="three_way_valve" data-on={p.three_way_valve ?? ''}>
          <path
            d="M252 52 L252 68 L262 60 Z M272 52 L272 68 L262 60 Z M254 48 L270 48 L262 60 Z"
            strokeWidth="2"
            className={tone(p.three_way_valve, 'fill-accent stroke-accent', 'fill-surface stroke-ink')}
          />
        </g>
        {/* To the radiators (valve on the heating side)… */}
        <path d="M262 48 V26 H284" strokeWidth="4" className={pipe(toRadiators)} />
        <g data-part="radiators">
          <rect
            x="284"
            y="12"
            width="28"
            height="30"
            rx="4"
            strokeWidth="2"
            className={toRadiators ? 'fill-orange-500/20 stroke-orange-500' : 'fill-surface stroke-line'}
          />
          {[292, 298, 304].map((x) => (
            <path
              key={x}
              d={`M${x} 16 V38`}
              strokeWidth="2"
              className={toRadiators ? 'stroke-orange-500' : 'stroke-line'}
            />
          ))}
        </g>
        {/* …or to the taps (valve on the hot-water side), where the water flows. */}
        <path d="M272 60 H296 V80" strokeWidth="4" className={pipe(toTaps)} />
        <g data-part="water_flow" data-on={p.water_flow ?? ''}>
          <path
            d="M288 80 H304 V86 H288 Z"
            strokeWidth="2"
            className={tone(p.water_flow, 'fill-accent stroke-accent', 'fill-surface stroke-ink')}
          />
          {p.water_flow ? (
            <path
              d="M292 94 V98 M300 96 V102 M296 104 V108"
              strokeWidth="2.5"
              className="stroke-accent motion-safe:animate-pulse"
            />
          ) : null}
        </g>
        {/* The return through the pump, back into the boiler. */}
        <path d="M298 42 V130 H275 M249 130 H230" strokeWidth="4" className={pipe(p.pump === true)} />
        <g data-part="pump" data-on={p.pump ?? ''}>
          <circle
            cx="262"
            cy="130"
            r="13"
            strokeWidth="2.5"
            className={tone(p.pump, 'fill-accent stroke-accent')}
          />
          <path d="M268 130 L258 124 L258 136 Z" className={p.pump ? 'fill-on-accent' : 'fill-muted'} />
        </g>
      </svg>
      <ul className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5" data-testid="boiler-legend">
        {BOILER_PARTS.map(({ part, key }) => {
          const on = p[part];
          const bad = part === 'water_pressure' && on === false;
          return (
            <li
              key={part}
              className="flex min-w-0 items-center gap-2 text-[13px]"
              data-testid={`part-${part}`}
              data-on={on === undefined ? '' : String(on)}
            >
              <span
                aria-hidden="true"
                className={`size-2.5 shrink-0 rounded-full ${bad ? 'bg-danger' : on ? 'bg-success' : 'bg-line'}`}
              />
              <span className="min-w-0 flex-1 leading-tight text-ink">{name(key)}</span>
              <span className={`shrink-0 font-medium ${bad ? 'text-danger' : 'text-muted'}`}>
                {word(part, on)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
