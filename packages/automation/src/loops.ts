import type { TelemetryValue } from '@hestia/contract';
import { ComparisonType, ConditionType } from '@hestia/contract';
import { type AnalysedAutomation, describeWrite, type Naming, quoted } from './analysis.ts';
import { compareValues } from './compare.ts';

/** One automation's action that can make another's (or its own) DeviceParam condition true. */
export interface TriggerLink {
  from: string;
  to: string;
  deviceId: string;
  deviceParameterId: string;
  value: TelemetryValue | null;
}

export interface LoopFinding {
  /** The automations of the cycle, in trigger order; the last one triggers the first again. */
  automationIds: string[];
  links: TriggerLink[];
  explanation: string;
}

/**
 * A write can trigger a condition on the same device parameter when the written value satisfies it,
 * or when the value is not known in advance (the action writes params only).
 */
function linksBetween(from: AnalysedAutomation, to: AnalysedAutomation): TriggerLink[] {
  const links: TriggerLink[] = [];
  for (const command of from.commands) {
    const value = command.value ?? null;
    const triggered = to.conditions.some(
      (c) =>
        c.conditionType === ConditionType.DeviceParam &&
        c.deviceId === command.deviceId &&
        c.deviceParameterId === command.deviceParameterId &&
        (value === null || compareValues(value, c.comparisonType ?? ComparisonType.Equal, c.value) === true),
    );
    if (triggered) {
      links.push({
        from: from.id,
        to: to.id,
        deviceId: command.deviceId,
        deviceParameterId: command.deviceParameterId,
        value,
      });
    }
  }
  return links;
}

/** Strongly connected components (Tarjan), each a list of node indices. */
function components(edges: number[][]): number[][] {
  const n = edges.length;
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  const result: number[][] = [];
  let counter = 0;
  const visit = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of edges[v] ?? []) {
      if (index[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v] ?? 0, low[w] ?? 0);
      } else if (onStack[w]) {
        low[v] = Math.min(low[v] ?? 0, index[w] ?? 0);
      }
    }
    if (low[v] === index[v]) {
      const component: number[] = [];
      let w: number | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack[w] = false;
        component.push(w);
      } while (w !== v);
      result.push(component);
    }
  };
  for (let v = 0; v < n; v++) if (index[v] === -1) visit(v);
  return result;
}

/** A shortest cycle through `start` inside its component, by breadth-first search. */
function cycleThrough(start: number, edges: number[][], inComponent: Set<number>): number[] {
  const parent = new Map<number, number>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() as number;
    for (const w of edges[v] ?? []) {
      if (!inComponent.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0] as number) as number);
        return path;
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/**
 * Automations that could set each other off without end: A's action makes B's condition true, B's
 * makes A's true again (or A its own). One finding per group of automations caught in a cycle, with
 * the shortest cycle through its first member spelled out.
 */
export function findLoops(automations: readonly AnalysedAutomation[], naming: Naming = {}): LoopFinding[] {
  const linkTable = automations.map((from) => automations.map((to) => linksBetween(from, to)));
  const edges = linkTable.map((row) => row.flatMap((links, j) => (links.length > 0 ? [j] : [])));
  const findings: LoopFinding[] = [];
  for (const component of components(edges)) {
    const first = Math.min(...component);
    const selfLoop = component.length === 1 && (edges[first] ?? []).includes(first);
    if (component.length === 1 && !selfLoop) continue;
    const cycle = cycleThrough(first, edges, new Set(component));
    const links = cycle.map((v, k) => {
      const next = cycle[(k + 1) % cycle.length] as number;
      return linkTable[v]?.[next]?.[0] as TriggerLink;
    });
    findings.push({
      automationIds: cycle.map((v) => automations[v]?.id ?? ''),
      links,
      explanation: explain(
        cycle.map((v) => automations[v] as AnalysedAutomation),
        links,
        naming,
      ),
    });
  }
  return findings;
}

function explain(cycle: AnalysedAutomation[], links: TriggerLink[], naming: Naming): string {
  const [only] = cycle;
  const [link] = links;
  if (cycle.length === 1 && only && link) {
    return `${quoted(only)} ${describeWrite(naming, link.deviceId, link.deviceParameterId, link.value)}, which meets its own condition, so it could trigger itself again and again.`;
  }
  const steps = cycle.map((automation, k) => {
    const l = links[k] as TriggerLink;
    const next = cycle[(k + 1) % cycle.length] as AnalysedAutomation;
    const target = k === cycle.length - 1 ? `${quoted(next)} again` : quoted(next);
    return `${quoted(automation)} ${describeWrite(naming, l.deviceId, l.deviceParameterId, l.value)}, which triggers ${target}`;
  });
  return `${steps.join('; ')}. These automations could keep triggering each other.`;
}
