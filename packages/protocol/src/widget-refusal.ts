import { z } from 'zod';
import { type WidgetRefusalCode, widgetRefusalCodes, widgetRefusalMessage } from './widget-limits.ts';

/** A widget stopped past one of `widgetLimits`: none of it past the limit was kept, and it is not drawn. */
export const widgetRefusalSchema = z.object({ code: z.enum(widgetRefusalCodes), message: z.string() });

export type WidgetRefusal = z.infer<typeof widgetRefusalSchema>;

/** The refusal of a widget past `code`'s limit, in words a reader of the card understands. */
export function widgetRefusal(code: WidgetRefusalCode): WidgetRefusal {
  return { code, message: widgetRefusalMessage(code) };
}
