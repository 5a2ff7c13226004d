import { type A2uiScope, resolveA2uiString } from '@drawbridge/protocol';

/** `skipPrevious`, `status-checkbox`, `user_name` → "Skip previous", "Status checkbox", "User name". */
export function humanizeA2uiName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What a control is called for assistive technology: its visible label, else the label the agent gave in
 * `accessibility`, else its id in words. An agent that leaves a checkbox's label empty still leaves it named.
 */
export function a2uiAccessibleName(
  visible: string,
  component: { id: string; accessibility?: { label?: unknown } },
  scope: A2uiScope,
): string {
  if (visible.trim() !== '') return visible;
  const given = component.accessibility?.label;
  const label = given === undefined ? '' : resolveA2uiString(given, scope);
  return label.trim() !== '' ? label : humanizeA2uiName(component.id);
}
