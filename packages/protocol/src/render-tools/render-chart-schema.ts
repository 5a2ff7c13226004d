import { z } from 'zod';

const seriesSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  values: z.array(z.number().finite()).min(1).max(1000),
});

/** Arguments of `render_chart`. */
export const renderChartArgsSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    kind: z.enum(['line', 'bar', 'area', 'pie']),
    labels: z.array(z.string().max(80)).min(1).max(1000),
    series: z.array(seriesSchema).min(1).max(12),
    unit: z.string().trim().max(24).optional(),
  })
  .superRefine((chart, context) => {
    chart.series.forEach((series, index) => {
      if (series.values.length !== chart.labels.length) {
        context.addIssue({
          code: 'custom',
          message: `series "${series.name}" has ${series.values.length} values for ${chart.labels.length} labels`,
          path: ['series', index, 'values'],
        });
      }
    });
    if (chart.kind === 'pie') {
      if (chart.series.length !== 1) {
        context.addIssue({
          code: 'custom',
          message: 'a pie chart takes exactly one series',
          path: ['series'],
        });
      } else if (chart.series[0]?.values.some((value) => value < 0)) {
        context.addIssue({
          code: 'custom',
          message: 'a pie chart cannot show negative values',
          path: ['series', 0],
        });
      }
    }
  });

export type RenderChartArgs = z.infer<typeof renderChartArgsSchema>;
