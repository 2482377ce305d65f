import { bundleOf } from '../merge.ts';

/** Every text of the app in this language, as one chunk loaded when the language is chosen. */
export default bundleOf(
  import.meta.glob<object>('../../locales/**/fa.json', { eager: true, import: 'default' }),
);
