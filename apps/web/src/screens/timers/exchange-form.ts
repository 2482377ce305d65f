import { dataExchangeBodySchema } from '@hestia/contract';
import { type DraftProblem, draftResolver } from './draft-resolver.ts';

/** The new data exchange: this device's parameter, the target device and its parameter ('' unchosen). */
export interface ExchangeForm {
  sourceParameter: string;
  targetDeviceId: string;
  targetParameter: string;
}

const FIELDS = ['sourceParameter', 'targetDeviceId', 'targetParameter'] as const;

/**
 * The data-exchange form's resolver: each of the three chosen, then the contract's
 * dataExchangeBodySchema on the form (it is the body). Messages are keys under `timers.`.
 */
export const exchangeResolver = draftResolver<ExchangeForm>({
  schema: dataExchangeBodySchema,
  toBody: (form) => form,
  rules: (form) => {
    const problems: DraftProblem<ExchangeForm>[] = [];
    for (const field of FIELDS) if (form[field] === '') problems.push([field, 'exchange.required']);
    return problems;
  },
  fieldOf: {
    sourceParameter: 'sourceParameter',
    targetDeviceId: 'targetDeviceId',
    targetParameter: 'targetParameter',
  },
  other: 'sourceParameter',
  rejected: 'validation.rejected',
});
