import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredWidget } from '../store/store.ts';
import { chatCommand } from './chat-command.ts';

const widgetReply = [
  'Here is a counter.',
  '@@HEIGHT:120@@',
  '@@CSS@@',
  'button{font-size:2rem}',
  '@@HTML@@',
  '<button id="count">0</button>',
  '@@JS@@',
  "document.getElementById('count').onclick=(event)=>{event.target.textContent++}",
  '@@END@@',
  'Click it.',
].join('\n');

let folder: string;

function collector() {
  const pieces: string[] = [];
  return {
    pieces,
    sink: { write: (text: string) => pieces.push(text) },
    text: () => pieces.join(''),
  };
}

function replayEnvironment(reply: string) {
  const scriptPath = join(folder, 'reply.txt');
  writeFileSync(scriptPath, reply);
  return { DRAWBRIDGE_MODEL: `replay:${scriptPath}`, DRAWBRIDGE_DEMO_PACE: '0' };
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'drawbridge-chat-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('chatCommand', () => {
  it('streams the prose and saves the widget as a standalone file', async () => {
    const output = collector();
    const errorOutput = collector();
    const rendered: StoredWidget[] = [];
    const exitCode = await chatCommand(['a', 'counter'], {
      environment: replayEnvironment(widgetReply),
      systemPrompt: 'test prompt',
      standalone: async (widget) => {
        rendered.push(widget);
        return `<!doctype html>${widget.html}`;
      },
      directory: folder,
      output: output.sink,
      errorOutput: errorOutput.sink,
    });
    expect(exitCode).toBe(0);
    expect(output.text()).toContain('Here is a counter.');
    expect(output.text()).toContain('Click it.');
    expect(output.text()).not.toContain('@@');
    expect(rendered).toHaveLength(1);
    expect(rendered[0]).toMatchObject({ height: 120, complete: true });
    expect(rendered[0]?.html.trim()).toBe('<button id="count">0</button>');
    const fileName = `drawbridge-widget-${rendered[0]?.id}.html`;
    expect(readdirSync(folder)).toContain(fileName);
    expect(readFileSync(join(folder, fileName), 'utf8').trim()).toBe(
      '<!doctype html><button id="count">0</button>',
    );
    expect(output.text()).toContain(`widget saved: ${join(folder, fileName)}`);
    expect(errorOutput.text()).toContain('drawing a widget');
  });

  it('saves the widget where --out says: a file, or a folder it keeps its name in', async () => {
    const standalone = async (widget: StoredWidget) => `<!doctype html>${widget.html}`;
    const output = collector();
    expect(
      await chatCommand(['--out', 'saved/counter.html', 'a', 'counter'], {
        environment: replayEnvironment(widgetReply),
        systemPrompt: 'test prompt',
        standalone,
        directory: folder,
        output: output.sink,
        errorOutput: collector().sink,
      }),
    ).toBe(0);
    const file = join(folder, 'saved', 'counter.html');
    expect(readFileSync(file, 'utf8')).toContain('<button id="count">0</button>');
    expect(output.text()).toContain(`widget saved: ${file}\n`);

    const intoFolder = collector();
    await chatCommand(['-o', `${folder}/widgets/`, 'a counter'], {
      environment: replayEnvironment(widgetReply),
      systemPrompt: 'test prompt',
      standalone,
      directory: '/',
      output: intoFolder.sink,
      errorOutput: collector().sink,
    });
    const [saved] = readdirSync(join(folder, 'widgets'));
    expect(saved).toMatch(/^drawbridge-widget-.+\.html$/);
    expect(intoFolder.text()).toContain(`widget saved: ${join(folder, 'widgets', saved!)}`);
  });

  it('says nothing was saved when the reply has no widget for --out, and refuses an empty --out', async () => {
    const errorOutput = collector();
    expect(
      await chatCommand(['--out', 'widget.html', 'hello'], {
        environment: replayEnvironment('Just words, no widget.'),
        systemPrompt: 'test prompt',
        directory: folder,
        output: collector().sink,
        errorOutput: errorOutput.sink,
      }),
    ).toBe(0);
    expect(errorOutput.text()).toContain('the reply drew no widget, so nothing was saved to widget.html');
    expect(readdirSync(folder)).toEqual(['reply.txt']);

    const refused = collector();
    expect(
      await chatCommand(['--out', ' ', 'hi'], {
        environment: {},
        output: collector().sink,
        errorOutput: refused.sink,
      }),
    ).toBe(2);
    expect(refused.text()).toBe(
      'drawbridge chat: --out needs a file or folder path (see drawbridge chat --help)\n',
    );
  });

  it('draws the caffeine molecule for the README\'s "a 3D molecule" with the demo model', async () => {
    const rendered: StoredWidget[] = [];
    const output = collector();
    const exitCode = await chatCommand(['a 3D molecule', '--out', 'molecule.html'], {
      environment: { DRAWBRIDGE_MODEL: 'demo', DRAWBRIDGE_DEMO_PACE: '0' },
      systemPrompt: 'test prompt',
      standalone: async (widget) => {
        rendered.push(widget);
        return widget.html;
      },
      directory: folder,
      output: output.sink,
      errorOutput: collector().sink,
    });
    expect(exitCode).toBe(0);
    expect(output.text()).toContain('Here is caffeine');
    expect(rendered).toHaveLength(1);
    expect(readFileSync(join(folder, 'molecule.html'), 'utf8')).toContain(
      'aria-label="3D model of a caffeine molecule"',
    );
  });

  it('writes no file for a prose-only reply', async () => {
    const output = collector();
    const exitCode = await chatCommand(['hello'], {
      environment: replayEnvironment('Just words, no widget.'),
      systemPrompt: 'test prompt',
      standalone: async () => {
        throw new Error('not expected');
      },
      directory: folder,
      output: output.sink,
      errorOutput: collector().sink,
    });
    expect(exitCode).toBe(0);
    expect(output.text()).toBe('Just words, no widget.\n');
    expect(readdirSync(folder)).toEqual(['reply.txt']);
  });

  it('streams prose in several pieces rather than all at the end', async () => {
    const output = collector();
    await chatCommand(['hello'], {
      environment: replayEnvironment('one two three four five six seven eight nine ten eleven twelve'),
      systemPrompt: 'test prompt',
      directory: folder,
      output: output.sink,
      errorOutput: collector().sink,
    });
    expect(output.pieces.length).toBeGreaterThan(3);
  });

  it('reports a failed export and exits 1', async () => {
    const errorOutput = collector();
    const exitCode = await chatCommand(['draw'], {
      environment: replayEnvironment(widgetReply),
      systemPrompt: 'test prompt',
      standalone: async () => {
        throw new Error('The widget frame is not built yet');
      },
      directory: folder,
      output: collector().sink,
      errorOutput: errorOutput.sink,
    });
    expect(exitCode).toBe(1);
    expect(errorOutput.text()).toContain('could not save the widget: The widget frame is not built yet');
  });

  it('prints the usage for --help and exits 0, and refuses an unknown option with 2', async () => {
    const output = collector();
    expect(
      await chatCommand(['--help'], { environment: {}, output: output.sink, errorOutput: collector().sink }),
    ).toBe(0);
    expect(output.text()).toMatch(/^usage: drawbridge chat \[--out <path>\] "prompt"/);
    expect(output.text()).toContain('-o, --out <path>');
    const errorOutput = collector();
    expect(
      await chatCommand(['--verbose', 'hi'], {
        environment: {},
        output: collector().sink,
        errorOutput: errorOutput.sink,
      }),
    ).toBe(2);
    expect(errorOutput.text()).toMatch(/^drawbridge chat: Unknown option '--verbose'.*--help\)\n$/);
  });

  it('prints the usage for a missing prompt and exits 2', async () => {
    const errorOutput = collector();
    expect(
      await chatCommand([' '], { environment: {}, output: collector().sink, errorOutput: errorOutput.sink }),
    ).toBe(2);
    expect(errorOutput.text()).toMatch(/^usage: drawbridge chat/);
  });

  it('prints the one-line fix for a bad model setting and exits 1', async () => {
    const errorOutput = collector();
    const exitCode = await chatCommand(['hi'], {
      environment: { DRAWBRIDGE_MODEL: 'nonsense:model' },
      output: collector().sink,
      errorOutput: errorOutput.sink,
    });
    expect(exitCode).toBe(1);
    expect(errorOutput.text().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^DRAWBRIDGE_MODEL names no known provider: use demo, replay:<file>, or openai:<model>/,
      ),
    ]);
  });

  it('exits 130 when interrupted', async () => {
    const controller = new AbortController();
    controller.abort();
    const exitCode = await chatCommand(['hi'], {
      environment: replayEnvironment('This reply is never heard.'),
      systemPrompt: 'test prompt',
      directory: folder,
      output: collector().sink,
      errorOutput: collector().sink,
      abortSignal: controller.signal,
    });
    expect(exitCode).toBe(130);
  });
});
