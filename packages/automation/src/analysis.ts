import type { TelemetryValue } from '@hestia/contract';
import { formatValue } from './compare.ts';
import type { PlannableAction } from './plan.ts';
import type { Condition } from './schemas.ts';

/** What loop and conflict analysis needs of an automation. */
export interface AnalysedAutomation {
  id: string;
  name: string;
  conditions: readonly Condition[];
  commands: readonly PlannableAction[];
  commandInorderExecution?: boolean;
}

/** Names for explanations; ids are used when a name is not given. */
export interface Naming {
  deviceName?: (deviceId: string) => string | undefined;
  parameterName?: (deviceId: string, deviceParameterId: string) => string | undefined;
}

export function describeParameter(naming: Naming, deviceId: string, deviceParameterId: string): string {
  const device = naming.deviceName?.(deviceId) ?? deviceId;
  const parameter = naming.parameterName?.(deviceId, deviceParameterId) ?? deviceParameterId;
  return `${device} ${parameter}`;
}

export function describeWrite(
  naming: Naming,
  deviceId: string,
  deviceParameterId: string,
  value: TelemetryValue | null | undefined,
): string {
  const target = describeParameter(naming, deviceId, deviceParameterId);
  return value == null ? `writes ${target}` : `sets ${target} to ${formatValue(value)}`;
}

export const quoted = (automation: AnalysedAutomation) => `"${automation.name}"`;
