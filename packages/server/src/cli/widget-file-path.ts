import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** The file name a widget is saved under when the command is given a folder, or nothing. */
export function defaultWidgetFileName(widgetId: string): string {
  return `drawbridge-widget-${widgetId}.html`;
}

/**
 * Where `drawbridge chat` writes the widget, with the folders on the way created: `out` resolved against
 * `directory` names a file, or a folder when it exists as one or ends with a separator (the widget then keeps
 * its default name inside it); without `out`, the default name in `directory`.
 */
export async function prepareWidgetFilePath({
  out,
  directory,
  widgetId,
}: {
  out: string | undefined;
  directory: string;
  widgetId: string;
}): Promise<string> {
  if (out === undefined) return join(directory, defaultWidgetFileName(widgetId));
  const target = resolve(directory, out);
  const namesFolder = out.endsWith('/') || out.endsWith(sep) || (await isDirectory(target));
  const file = namesFolder ? join(target, defaultWidgetFileName(widgetId)) : target;
  await mkdir(dirname(file), { recursive: true });
  return file;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    // Nothing there yet (or not readable): it names the file to write, and writing it will say what is wrong.
    return false;
  }
}
