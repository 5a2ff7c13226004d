// chartist 1.5's own declarations re-export extensionless paths, which NodeNext resolution cannot follow, so
// its exports read as missing. This declares the part of its API the kit uses.
declare module 'chartist' {
  interface ChartistChart {
    on(event: 'draw' | 'created', handler: (data: never) => void): unknown;
    update(data?: unknown, options?: unknown, override?: boolean): unknown;
  }
  type ChartConstructor = new (
    target: Element,
    data: unknown,
    options?: Record<string, unknown>,
  ) => ChartistChart;
  export const LineChart: ChartConstructor;
  export const BarChart: ChartConstructor;
  export const PieChart: ChartConstructor;
  export const AutoScaleAxis: unknown;
  export const Interpolation: { monotoneCubic(options?: Record<string, unknown>): unknown };
}
