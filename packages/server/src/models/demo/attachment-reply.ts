import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { ModelScript } from '../script/model-script.ts';
import { csvChartWidget } from './csv-chart-widget.ts';
import { imageDimensions } from './image-dimensions.ts';
import { firstNumericColumn, readCsvTable } from './read-csv-table.ts';

/** A file the last user message carried, as the model receives it. */
export interface PromptFile {
  name: string;
  mediaType: string;
  /** Images and PDFs: their bytes. */
  bytes?: Uint8Array;
  /** Text files: their text. */
  text?: string;
}

/** Words that ask for a picture of the data rather than a description of it. */
const drawingRequest = /\b(chart|graph|plot|draw|visuali[sz]e|widget|bars?)\b/i;

function decodeBase64(value: string): Uint8Array {
  return Uint8Array.from(Buffer.from(value, 'base64'));
}

/** The files of the last user message, read from the prompt the AI SDK built. */
export function lastUserFiles(prompt: LanguageModelV4Prompt): PromptFile[] {
  const message = prompt.findLast((candidate) => candidate.role === 'user');
  if (message === undefined) return [];
  return message.content.flatMap((part): PromptFile[] => {
    if (part.type !== 'file') return [];
    const name = part.filename ?? 'the file';
    const { data } = part;
    if (data.type === 'text') return [{ name, mediaType: part.mediaType, text: data.text }];
    if (data.type !== 'data') return [{ name, mediaType: part.mediaType }];
    const bytes = typeof data.data === 'string' ? decodeBase64(data.data) : data.data;
    return [{ name, mediaType: part.mediaType, bytes }];
  });
}

function describeSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

function describeImage(file: PromptFile): string {
  const format = file.mediaType.replace('image/', '').toUpperCase();
  const size =
    file.bytes === undefined ? undefined : imageDimensions({ bytes: file.bytes, mediaType: file.mediaType });
  if (size === undefined) return `**${file.name}** is a ${format} image whose size I could not read.`;
  const shape = size.width === size.height ? 'square' : size.width > size.height ? 'landscape' : 'portrait';
  return `**${file.name}** is a ${format} image of ${size.width} × ${size.height} pixels (${shape}, ${describeSize(file.bytes?.byteLength ?? 0)}).`;
}

function describePdf(file: PromptFile): string {
  const source = new TextDecoder('latin1').decode(file.bytes ?? new Uint8Array());
  const pages = source.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
  const count = pages === 0 ? 'a PDF' : `a PDF of ${pages} page${pages === 1 ? '' : 's'}`;
  return `**${file.name}** is ${count} (${describeSize(file.bytes?.byteLength ?? 0)}).`;
}

function describeCsv(file: PromptFile): string {
  const table = readCsvTable(file.text ?? '');
  const columns = table.header.map((name) => `“${name}”`).join(', ');
  return `**${file.name}** is a CSV table with ${table.rows.length} row${table.rows.length === 1 ? '' : 's'} of data (not counting its header) in ${table.header.length} column${table.header.length === 1 ? '' : 's'}: ${columns}.`;
}

function describeText(file: PromptFile): string {
  const text = file.text ?? '';
  const lines = text === '' ? 0 : text.split(/\r?\n/).length;
  const words = text.split(/\s+/).filter(Boolean).length;
  return `**${file.name}** is a text file of ${lines} line${lines === 1 ? '' : 's'} and ${words} word${words === 1 ? '' : 's'}.`;
}

function describeFile(file: PromptFile): string {
  if (file.mediaType.startsWith('image/')) return describeImage(file);
  if (file.mediaType === 'application/pdf') return describePdf(file);
  if (file.mediaType === 'text/csv') return describeCsv(file);
  return describeText(file);
}

/**
 * The demo's answer to a message that carries files: what it can tell offline about each (an image's size, a
 * PDF's pages, a CSV's rows and columns, a text's lines), and — when the message asks for a chart — a widget
 * drawn from the first CSV with a numeric column. `undefined` when the message carries no files.
 */
export function attachmentReplyScript({
  files,
  userText,
}: {
  files: readonly PromptFile[];
  userText: string;
}): ModelScript | undefined {
  if (files.length === 0) return undefined;
  const descriptions = files.map(describeFile);
  const csv = files.find((file) => file.mediaType === 'text/csv' && file.text !== undefined);
  const table = csv === undefined ? undefined : readCsvTable(csv.text ?? '');
  const valueColumn = table === undefined ? -1 : firstNumericColumn(table);
  const wantsChart =
    drawingRequest.test(userText) && csv !== undefined && table !== undefined && valueColumn > 0;
  const closing = wantsChart
    ? `Here is “${table.header[valueColumn]}” drawn by “${table.header[0]}”; sort the bars with the button.`
    : files.some((file) => file.mediaType.startsWith('image/'))
      ? "I'm the offline demo model, so I can read an image's size but not what it shows: connect a vision model (docs/models.md) to have it described."
      : csv !== undefined && valueColumn > 0
        ? 'Ask me to chart it and I will draw it as a widget.'
        : '';
  const prose = [...descriptions, closing].filter(Boolean).join('\n\n');
  const text =
    wantsChart && csv !== undefined && table !== undefined
      ? `${prose}\n${csvChartWidget({ table, valueColumn, fileName: csv.name })}`
      : prose;
  return { steps: [{ parts: [{ type: 'text', text }] }] };
}
