/** One metric the dashboard (and its agent) can show. */
export interface MetricDefinition {
  name: string;
  title: string;
  unit: string;
  description: string;
  /** The dashboard page it lives on. */
  page: 'overview' | 'runs' | 'widgets' | 'tools';
}

/** The curated catalogue: the agent may chart these and nothing else. */
export const metricCatalogue: readonly MetricDefinition[] = [
  {
    name: 'runs',
    title: 'Runs',
    unit: 'runs',
    page: 'runs',
    description: 'Agent runs started, split by how they ended (finished, error, cancelled, interrupted).',
  },
  {
    name: 'tokens',
    title: 'Token usage',
    unit: 'tokens',
    page: 'overview',
    description:
      'Input tokens (and the part of them read from the prompt cache) and output tokens the models used.',
  },
  {
    name: 'generation_time',
    title: 'Generation time',
    unit: 'ms',
    page: 'runs',
    description: 'Median (p50) and p95 wall time of finished runs.',
  },
  {
    name: 'widgets',
    title: 'Widgets rendered vs failed',
    unit: 'widgets',
    page: 'widgets',
    description: 'Widgets the browser reported as rendered, and widgets that failed (runtime errors, hung).',
  },
  {
    name: 'tool_calls',
    title: 'Tool calls by tool',
    unit: 'calls',
    page: 'tools',
    description: 'Tool calls per tool name, from the audit log.',
  },
  {
    name: 'parked_call_timeouts',
    title: 'Parked-call timeouts',
    unit: 'calls',
    page: 'tools',
    description: 'Render and dashboard calls the browser did not answer in time.',
  },
  {
    name: 'hostile_widget_blocks',
    title: 'Hostile-widget blocks',
    unit: 'events',
    page: 'widgets',
    description: 'CSP violations and blocked navigations reported by widget frames.',
  },
  {
    name: 'refused_tool_calls',
    title: 'Refused tool calls',
    unit: 'calls',
    page: 'tools',
    description: 'Calls stopped by governance: not granted, invalid arguments, or over a limit.',
  },
];

/** Looks a metric up by exact name. */
export function findMetric(name: string): MetricDefinition | undefined {
  return metricCatalogue.find((metric) => metric.name === name);
}
