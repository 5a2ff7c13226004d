import { type InlineModuleName, inlineModules } from './inline-modules.ts';

/** Runs the view document's inline copy of a module once, which publishes it on `globalThis`. */
export function loadInlineModule(name: InlineModuleName): void {
  const { globalName, sourceElementId } = inlineModules[name];
  if (Object.hasOwn(globalThis, globalName)) return;
  const source = document.getElementById(sourceElementId)?.textContent ?? '';
  const script = document.createElement('script');
  script.textContent = source;
  document.head.append(script);
}
