import type { McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

/**
 * Our design tokens under the MCP Apps standard CSS variable names, so a view that styles itself with them
 * looks like the chat around it. Values are read from the page, so they follow the theme in force.
 */
const standardVariables: Partial<Record<keyof McpUiStyles, string>> = {
  '--color-background-primary': '--surface',
  '--color-background-secondary': '--surface-sunken',
  '--color-background-tertiary': '--bg',
  '--color-background-info': '--accent-soft',
  '--color-background-danger': '--danger-soft',
  '--color-background-warning': '--warning-soft',
  '--color-text-primary': '--fg',
  '--color-text-secondary': '--muted',
  '--color-text-info': '--accent',
  '--color-text-danger': '--danger',
  '--color-text-success': '--success',
  '--color-text-warning': '--warning-fg',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--border-strong',
  '--color-ring-primary': '--accent',
  '--font-sans': '--font-sans',
  '--font-mono': '--font-mono',
  '--border-radius-sm': '--radius-small',
  '--border-radius-md': '--radius',
  '--border-radius-lg': '--radius-large',
  '--shadow-sm': '--shadow-small',
  '--shadow-md': '--shadow',
  '--shadow-lg': '--shadow-large',
};

/** The standard variables with the values our tokens have on this page right now. */
export function hostStyleVariables(element: Element = document.documentElement): Partial<McpUiStyles> {
  const computed = getComputedStyle(element);
  const variables: Partial<McpUiStyles> = {};
  for (const [standard, ours] of Object.entries(standardVariables)) {
    const value = computed.getPropertyValue(ours).trim();
    if (value !== '') variables[standard as keyof McpUiStyles] = value;
  }
  return variables;
}
