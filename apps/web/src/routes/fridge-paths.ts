import { TAB_NAVIGATOR } from '../routes.ts';

/** A refrigerator's input/output screen (spec section 2, refrigerator-combi-input-output). */
export const FRIDGE_IO = 'refrigerator-combi-input-output';
/** A refrigerator's error screen (spec section 2, refrigerator-combi-error [id]). */
export const FRIDGE_ERRORS = 'refrigerator-combi-error';

/**
 * The refrigerator's two screens beside its panel (issue 19), stacked on the tab navigator with the
 * names the spec gives them; the input/output screen takes the device id too, as it reads one device.
 */
export const fridgePaths = {
  io: (id: string) => `${TAB_NAVIGATOR}/${FRIDGE_IO}/${id}`,
  errors: (id: string) => `${TAB_NAVIGATOR}/${FRIDGE_ERRORS}/${id}`,
} as const;
