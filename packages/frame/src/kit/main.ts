/**
 * The kit's script module, `import { chart, form, table, h, fail, stage, … } from 'kit'` in a widget: built into
 * `dist/kit.js` with chartist inside (three.js stays outside, fetched by `stage()` when called), served beside
 * the runtime and mapped by the frame's import map. Nothing runs on import, so a widget that imports it and uses
 * none of it is unchanged.
 */
export { ask } from './ask.ts';
export { cells } from './cells.ts';
export { chart } from './chart.ts';
export { checklist } from './checklist.ts';
export { countdown } from './countdown.ts';
export { h } from './element.ts';
export { form } from './form.ts';
export { hotkeys } from './hotkeys.ts';
export { num } from './number-format.ts';
export { segmented } from './segmented.ts';
export { stage } from './stage.ts';
export { steps } from './steps.ts';
export { table } from './table.ts';
export { dl, fail } from './widget-helpers.ts';
