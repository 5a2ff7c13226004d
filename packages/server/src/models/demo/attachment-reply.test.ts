import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue.ts';
import { createDemoModel } from './demo-model.ts';
import { imageDimensions } from './image-dimensions.ts';

/** The first 24 bytes of a PNG: signature, then the IHDR chunk with its width and height. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

const citiesCsv = 'city,people\nOslo,709000\nBergen,291000\n"Trondheim, Sør-Trøndelag",212000\n';

async function demoAnswer(content: Parameters<typeof streamText>[0]['messages']): Promise<string> {
  const model = createDemoModel({ catalogue: demoCatalogue, pace: 0 });
  return streamText({ model, messages: content ?? [] }).text;
}

describe('the demo model answering files', () => {
  it("describes an image's size from its header", async () => {
    const text = await demoAnswer([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'file', data: pngHeader(640, 480), mediaType: 'image/png', filename: 'photo.png' },
        ],
      },
    ]);
    expect(text).toContain('**photo.png** is a PNG image of 640 × 480 pixels (landscape');
    expect(text).toContain('vision model');
  });

  it("counts a CSV's rows and names its columns, quoted commas and all", async () => {
    const text = await demoAnswer([
      {
        role: 'user',
        content: [
          {
            type: 'file',
            data: { type: 'text', text: citiesCsv },
            mediaType: 'text/csv',
            filename: 'cities.csv',
          },
        ],
      },
    ]);
    expect(text).toContain(
      '**cities.csv** is a CSV table with 3 rows of data (not counting its header) in 2 columns: “city”, “people”.',
    );
    expect(text).toContain('Ask me to chart it');
    expect(text).not.toContain('@@HTML@@');
  });

  it('draws a widget from a CSV when asked for a chart', async () => {
    const text = await demoAnswer([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Chart this please' },
          {
            type: 'file',
            data: { type: 'text', text: citiesCsv },
            mediaType: 'text/csv',
            filename: 'cities.csv',
          },
        ],
      },
    ]);
    expect(text).toContain('@@HTML@@');
    expect(text).toContain('<h3 id="csv-title">people by city</h3>');
    expect(text).toContain('Trondheim, Sør-Trøndelag');
    expect(text).toContain('data-value="709000"');
    expect(text.trimEnd().endsWith('@@END@@')).toBe(true);
  });

  it("counts a PDF's pages and a text file's lines", async () => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj <</Type /Pages /Count 2>>\n<</Type /Page>>\n<</Type /Page >>\n',
    );
    const text = await demoAnswer([
      {
        role: 'user',
        content: [
          { type: 'file', data: pdf, mediaType: 'application/pdf', filename: 'paper.pdf' },
          {
            type: 'file',
            data: { type: 'text', text: 'one two\nthree' },
            mediaType: 'text/plain',
            filename: 'notes.txt',
          },
        ],
      },
    ]);
    expect(text).toContain('**paper.pdf** is a PDF of 2 pages');
    expect(text).toContain('**notes.txt** is a text file of 2 lines and 3 words.');
  });

  it('answers by the catalogue again once a message carries no file', async () => {
    const text = await demoAnswer([{ role: 'user', content: 'Draw a bar chart of sales by region' }]);
    expect(text).toContain('Sales by region');
  });
});

describe('imageDimensions', () => {
  it('reads GIF and JPEG headers, and gives up on a cut-off file', () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02]);
    expect(imageDimensions({ bytes: gif, mediaType: 'image/gif' })).toEqual({ width: 800, height: 600 });
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0x01, 0x90, 3,
    ]);
    expect(imageDimensions({ bytes: jpeg, mediaType: 'image/jpeg' })).toEqual({ width: 400, height: 300 });
    expect(imageDimensions({ bytes: new Uint8Array([0x89, 0x50]), mediaType: 'image/png' })).toBeUndefined();
  });
});
