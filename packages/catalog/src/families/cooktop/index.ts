import { defineFamily } from '../../family.ts';
import { onOff, setting } from '../../keys.ts';
import { defineModel, type Fragment, route } from '../../model.ts';
import { rule, TIMER_SHORT_MAX_MIN } from '../../rule-kit.ts';
import type { KeyDef, Rule } from '../../types.ts';

/** Electric cooktop layouts the spec names: single (s) and double (d) elements, up to five. */
const layouts = {
  '4-element': ['s', 's', 's', 's'],
  '5-single': ['s', 's', 's', 's', 's'],
  '4-element-copy': ['s', 's', 's', 's'],
  '2-single': ['s', 's'],
  '1-single-1-double': ['s', 'd'],
  '2-single-1-double': ['s', 's', 'd'],
  '2-single-2-double': ['s', 's', 'd', 'd'],
} satisfies Record<string, readonly ('s' | 'd')[]>;

const MAX_STAGE = 9;

function elementsOf(elements: readonly ('s' | 'd')[]): Fragment {
  const keys: KeyDef[] = [onOff('onoff', 'control', 0, { source: 'chosen' })];
  const rules: Rule[] = [];
  elements.forEach((kind, idx) => {
    const i = idx + 1;
    keys.push(
      setting(`stage_${i}`, `element_${i}`, 0, MAX_STAGE, 0, { source: 'chosen' }),
      setting(`timer_${i}`, `element_${i}`, 0, TIMER_SHORT_MAX_MIN, 0, {
        unit: 'min',
        source: 'chosen',
        sim: {
          type: 'countdown',
          unitMs: 60_000,
          while: { key: `stage_${i}`, min: 1 },
          onZero: { [`stage_${i}`]: 0 },
        },
      }),
      onOff(`fastheat_${i}`, `element_${i}`, 0, { source: 'chosen' }),
    );
    if (kind === 'd') keys.push(onOff(`double_zone_${i}`, `element_${i}`, 0, { source: 'chosen' }));
    rules.push(
      rule(`timer_needs_flame_${i}`, { key: `stage_${i}`, eq: 0 }, [`timer_${i}`], 'rule.flame_off'),
      // Fast heating makes no sense off or already at full power (levels chosen).
      rule(
        `fastheat_levels_${i}`,
        { key: `stage_${i}`, in: [0, MAX_STAGE] },
        [{ key: `fastheat_${i}`, value: 1 }],
        'rule.fast_heat_unavailable',
        'chosen',
      ),
    );
  });
  keys.push(
    setting('alarm_timer', 'alarm', 0, TIMER_SHORT_MAX_MIN, 0, { unit: 'min', source: 'chosen' }),
    onOff('mute', 'settings', 0),
    onOff('child_lock', 'settings', 0),
  );
  rules.push(
    rule(
      'lock_standby_only',
      { key: 'onoff', eq: 1 },
      [{ key: 'child_lock', value: 1 }],
      'rule.standby_only',
    ),
  );
  return { keys, rules };
}

function cooktop(id: string, layout: keyof typeof layouts, tech: 'glass' | 'induction') {
  return defineModel({
    id,
    deviceType: 'electric-cooktop',
    variant: `${layout}-${tech}`,
    features: ['timer', 'lock'],
    parts: [elementsOf(layouts[layout])],
    route: route(`electric-cooktop-${layout}`, 'chosen'),
    errors: ['device.error', 'sensor.temperature', 'sensor.short', 'sensor.open'],
  });
}

export default defineFamily({
  id: 'cooktop',
  models: [
    cooktop('cooktop-4-element-glass', '4-element', 'glass'),
    cooktop('cooktop-4-element-induction', '4-element', 'induction'),
    cooktop('cooktop-5-single-glass', '5-single', 'glass'),
    cooktop('cooktop-5-single-induction', '5-single', 'induction'),
    cooktop('cooktop-4-element-copy-glass', '4-element-copy', 'glass'),
    cooktop('cooktop-4-element-copy-induction', '4-element-copy', 'induction'),
    cooktop('cooktop-2-single-glass', '2-single', 'glass'),
    cooktop('cooktop-2-single-induction', '2-single', 'induction'),
    cooktop('cooktop-1-single-1-double-glass', '1-single-1-double', 'glass'),
    cooktop('cooktop-1-single-1-double-induction', '1-single-1-double', 'induction'),
    cooktop('cooktop-2-single-1-double-glass', '2-single-1-double', 'glass'),
    cooktop('cooktop-2-single-1-double-induction', '2-single-1-double', 'induction'),
    cooktop('cooktop-2-single-2-double-glass', '2-single-2-double', 'glass'),
    cooktop('cooktop-2-single-2-double-induction', '2-single-2-double', 'induction'),
  ],
});
