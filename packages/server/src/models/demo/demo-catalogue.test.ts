import { readFileSync } from 'node:fs';
import { frameKitCss } from '@drawbridge/frame';
import {
  dashboardControlArgsSchema,
  emptyReplyMessage,
  findRenderTool,
  foldA2uiActivity,
  type GeneratedWidget,
  isA2uiSurfaceReady,
  metricChartArgsSchema,
  readA2uiToolArguments,
  replyEventReducer,
  replySegments,
  sendA2uiToolName,
  type WidgetChunkType,
  WidgetStreamParser,
  widgetChunkTypes,
} from '@drawbridge/protocol';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AssistantMessageAssembler } from '../../assembly/assistant-message-assembler.ts';
import type { EditableWidgetLookup } from '../../assembly/widget-edit-builder.ts';
import { metricCatalogue } from '../../dashboard/metric-catalogue.ts';
import { formatWidgetWireText } from '../../history/widget-wire-text.ts';
import { sendA2uiJsonArgsSchema } from '../../tools/a2ui/send-a2ui-json-tool.ts';
import { loadModelScript } from '../script/load-model-script.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { demoReplyValues, fillPlaceholders } from './fill-demo-reply.ts';
import { isFallback } from './pick-demo-entry.ts';

interface WidgetBlock {
  proseBefore: string;
  height: number;
  css: string;
  html: string;
  js: string;
  proseAfter: string;
}

// The strict shape we write by hand: each marker on its own line, in grammar order, exactly once.
const blockPattern =
  /^([\s\S]*?)\n@@HEIGHT:(\d+)@@\n@@CSS@@\n([\s\S]*?)\n@@HTML@@\n([\s\S]*?)\n@@JS@@\n([\s\S]*?)\n@@END@@\n?([\s\S]*)$/;

function splitReply(text: string): WidgetBlock | undefined {
  const match = blockPattern.exec(text);
  if (match === null) return undefined;
  const [, proseBefore, height, css, html, js, proseAfter] = match;
  return {
    proseBefore: proseBefore ?? '',
    height: Number(height),
    css: css ?? '',
    html: html ?? '',
    js: js ?? '',
    proseAfter: proseAfter ?? '',
  };
}

function parseInPieces(text: string, pieceLength: number): Record<WidgetChunkType, string> {
  const channels = Object.fromEntries(widgetChunkTypes.map((type) => [type, ''])) as Record<
    WidgetChunkType,
    string
  >;
  const parser = new WidgetStreamParser();
  const chunks = [];
  for (let start = 0; start < text.length; start += pieceLength) {
    chunks.push(...parser.push(text.slice(start, start + pieceLength)));
  }
  chunks.push(...parser.end());
  for (const chunk of chunks) channels[chunk.type] += chunk.delta;
  return channels;
}

// Each pattern names something a sandboxed widget must not touch (or that would fail there).
const forbiddenInWidgetCode: Array<[string, RegExp]> = [
  ['localStorage', /\blocalStorage\b/],
  ['sessionStorage', /\bsessionStorage\b/],
  ['indexedDB', /\bindexedDB\b/],
  ['fetch', /\bfetch\s*\(/],
  ['XMLHttpRequest', /\bXMLHttpRequest\b/],
  ['WebSocket', /\bWebSocket\b/],
  ['document.cookie', /document\s*\.\s*cookie/],
  ['parent', /(^|[^.\w])parent\s*[.[]|window\s*\.\s*parent\b/],
  ['top', /(^|[^.\w])top\s*[.[]|window\s*\.\s*top\b/],
  ['dialogs', /(^|[^.\w])(alert|confirm|prompt)\s*\(/],
  ['window.open', /window\s*\.\s*open\s*\(/],
  ['location', /\blocation\s*\.\s*(href|assign|replace)\b/],
  ['external URL', /(src|href)\s*=\s*["']?https?:/i],
  ['@import', /@import\b/],
];

// Entries that call tools are scripts, and edits are patches of another entry's widget, both checked on their
// own below; the rest are raw text replies.
const textEntries = demoCatalogue.filter((entry) => entry.file.endsWith('.txt') && entry.edits === undefined);
const editEntries = demoCatalogue.filter((entry) => entry.edits !== undefined);
const scriptedEntries = demoCatalogue.filter((entry) => entry.file.endsWith('.jsonl'));
const entriesWithText = textEntries.map((entry) => ({ entry, text: readFileSync(entry.file, 'utf8') }));
const widgetEntries = entriesWithText.flatMap(({ entry, text }) => {
  const block = splitReply(text);
  return block === undefined ? [] : [{ entry, text, block }];
});
const proseEntries = entriesWithText.filter(({ text }) => splitReply(text) === undefined);

/** A 3D scene on the kit's stage: it imports `stage` from the kit and awaits it. */
const onKitStage = (js: string) =>
  /^import \{[^}]*\bstage\b[^}]*\} from 'kit';$/m.test(js) && /\bawait stage\(/.test(js);

describe('demoCatalogue', () => {
  it('has at least fourteen replies with unique ids and readable files', () => {
    expect(textEntries.length).toBeGreaterThanOrEqual(14);
    expect(new Set(demoCatalogue.map((entry) => entry.id)).size).toBe(demoCatalogue.length);
    for (const { text } of entriesWithText) expect(text.trim().length).toBeGreaterThan(200);
  });

  it('has exactly one fallback entry, without keywords, that explains how to connect a real model', () => {
    const fallbacks = textEntries.filter((entry) => isFallback(entry) && !entry.requiresTools);
    expect(fallbacks.map((entry) => entry.id)).toEqual(['fallback']);
    const text = readFileSync(fallbacks[0]!.file, 'utf8');
    for (const needle of [
      'DRAWBRIDGE_MODEL=openai:gpt-4.1',
      'OPENAI_API_KEY',
      'anthropic:claude-',
      'ANTHROPIC_API_KEY',
    ]) {
      expect(text).toContain(needle);
    }
    expect(text).toContain('openai-compatible:<model>');
    expect(text).toContain('DRAWBRIDGE_BASE_URL');
  });

  it('uses lowercase keywords that no two entries share, even as plurals', () => {
    const owners = new Map<string, string>();
    for (const entry of demoCatalogue) {
      for (const keyword of entry.keywords) {
        expect(keyword).toBe(keyword.trim().toLowerCase());
        for (const form of [keyword, `${keyword}s`, `${keyword}es`]) {
          const owner = owners.get(form);
          expect(
            owner === undefined || owner === entry.id,
            `"${keyword}" of ${entry.id} clashes with ${owner}`,
          ).toBe(true);
          owners.set(form, entry.id);
        }
      }
    }
    // Weak keywords are the general words several entries share ("3d"); none is another entry's keyword.
    for (const entry of demoCatalogue) {
      for (const keyword of entry.weakKeywords ?? []) {
        expect(keyword).toBe(keyword.trim().toLowerCase());
        expect(
          owners.has(keyword),
          `weak "${keyword}" of ${entry.id} is a keyword of ${owners.get(keyword)}`,
        ).toBe(false);
      }
    }
  });

  it('covers the required mix: three 3D scenes, several widgets and some plain prose', () => {
    const threeDimensional = widgetEntries.filter(({ block }) => onKitStage(block.js));
    expect(threeDimensional.length).toBeGreaterThanOrEqual(3);
    expect(widgetEntries.length).toBeGreaterThanOrEqual(10);
    expect(proseEntries.length).toBeGreaterThanOrEqual(3);
  });
});

/** The render tool each of examples/ registers as its own (a weather card). */
const examplesWeatherTool = 'render_weather';

// The dashboard's render_chart takes a metric; the chat's takes a series: the entry's other tools tell which.
function schemaFor(toolName: string, entryTools: readonly string[]): z.ZodType | undefined {
  if (toolName === 'dashboard_control') return dashboardControlArgsSchema;
  if (toolName === 'list_metrics') return z.strictObject({});
  if (toolName === sendA2uiToolName) return sendA2uiJsonArgsSchema;
  if (
    toolName === 'render_chart' &&
    entryTools.some((tool) => tool === 'list_metrics' || tool === 'dashboard_control')
  ) {
    return metricChartArgsSchema;
  }
  return findRenderTool(toolName)?.schema;
}

describe.each(scriptedEntries.map((entry) => [entry.id, entry] as const))(
  'scripted entry %s',
  (_id, entry) => {
    const script = loadModelScript(entry.file);
    const toolCalls = script.steps.flatMap((step) => step.parts.filter((part) => part.type === 'tool-call'));

    it('calls only the tools it declares, each with arguments its schema accepts', () => {
      expect(toolCalls.length).toBeGreaterThan(0);
      for (const call of toolCalls) {
        expect(entry.requiresTools).toContain(call.toolName);
        // The examples' own render tool has the examples' schema, checked against this script there
        // (test-support/examples.test.ts): nothing of ours declares it.
        if (call.toolName === examplesWeatherTool) continue;
        const schema = schemaFor(call.toolName, entry.requiresTools ?? []);
        expect(schema, call.toolName).toBeDefined();
        const parsed = schema!.safeParse(call.input);
        // The one deliberate exception: the metric outside the catalogue that the agent must be refused.
        if (entry.id !== 'dashboard-unknown-metric')
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
    });

    it('draws every A2UI surface it sends, with no problem', () => {
      for (const call of toolCalls.filter((part) => part.toolName === sendA2uiToolName)) {
        const read = readA2uiToolArguments(call.input);
        const fold = read.success ? foldA2uiActivity({ a2ui_operations: read.messages }) : undefined;
        expect(fold?.success, JSON.stringify(fold)).toBe(true);
        expect(fold?.success && fold.surfaces.every(isA2uiSurfaceReady)).toBe(true);
      }
    });

    it('ends with a step of prose after its last tool call', () => {
      const lastStep = script.steps.at(-1)!;
      expect(lastStep.parts.every((part) => part.type === 'text')).toBe(true);
    });

    it('charts only catalogue metrics, except where the refusal is the point', () => {
      const metrics = toolCalls.flatMap((call) =>
        call.toolName === 'render_chart' && 'metric' in (call.input as object)
          ? [(call.input as { metric: string }).metric]
          : [],
      );
      const names = metricCatalogue.map((metric) => metric.name);
      for (const metric of metrics)
        expect(names.includes(metric)).toBe(entry.id !== 'dashboard-unknown-metric');
    });
  },
);

describe.each(proseEntries.map(({ entry, text }) => [entry.id, text] as const))(
  'prose reply %s',
  (_id, text) => {
    it('contains no widget markers, so the parser streams it all as prose', () => {
      expect(text).not.toContain('@@');
      expect(parseInPieces(text, 7).prose).toBe(text);
    });
  },
);

/** A widget on the kit: its root element, the first of its markup, has the `kit` class. */
const onKit = (html: string) => /^\s*<[a-z][\w-]*\s[^>]*\bclass="(?:[^"]*\s)?kit[\s"]/.test(html);

describe.each(widgetEntries.map(({ entry, text, block }) => [entry.id, text, block] as const))(
  'widget reply %s',
  (_id, text, block) => {
    it('opens with prose and reserves a sensible height', () => {
      expect(block.proseBefore.trim().length).toBeGreaterThan(60);
      expect(block.height).toBeGreaterThanOrEqual(200);
      expect(block.height).toBeLessThanOrEqual(900);
      expect(text.match(/@@[A-Z]+(:\d+)?@@/g)).toEqual([
        `@@HEIGHT:${block.height}@@`,
        '@@CSS@@',
        '@@HTML@@',
        '@@JS@@',
        '@@END@@',
      ]);
    });

    it('splits the same way in the real stream parser, whatever the piece size', () => {
      for (const pieceLength of [1, 3, 64, 1009, text.length]) {
        const channels = parseInPieces(text, pieceLength);
        expect(channels.height).toBe(String(block.height));
        expect(channels.css.trim()).toBe(block.css.trim());
        expect(channels.html.trim()).toBe(block.html.trim());
        expect(channels.js.trim()).toBe(block.js.trim());
        expect(channels.prose.replace(/\s+/g, ' ').trim()).toBe(
          `${block.proseBefore} ${block.proseAfter}`.replace(/\s+/g, ' ').trim(),
        );
      }
    });

    it('has JavaScript that parses as a module and fails visibly', async () => {
      await expect(transform(block.js, { format: 'esm', loader: 'js' })).resolves.toBeDefined();
      expect(block.js).toMatch(/\btry\s*\{/);
      expect(block.js).toMatch(
        /\bcatch\s*\(\s*error\s*\)\s*\{[\s\S]*(textContent|showFailure|fail\(error\))/,
      );
    });

    it('stays inside the sandbox rules', () => {
      for (const [name, pattern] of forbiddenInWidgetCode) {
        expect(pattern.test(block.js), `${name} in JS`).toBe(false);
        expect(pattern.test(block.html), `${name} in HTML`).toBe(false);
        expect(pattern.test(block.css), `${name} in CSS`).toBe(false);
      }
      expect(`${block.css}${block.html}`).not.toContain('100vh');
      expect(block.html).not.toMatch(/<script\b/i);
      expect(block.html).not.toMatch(/\son[a-z]+\s*=/i);
    });

    it('themes through the frame variables and leaves the page background alone', () => {
      expect(block.css).not.toMatch(/(^|[\s,}])(html|body|:root)\s*[{,]/);
      if (onKit(block.html)) {
        // The kit themes it (text, surfaces, accent, focus rings) from the frame's variables; what CSS the widget
        // adds may name colours only through those variables, never as literals that ignore the theme.
        expect(frameKitCss).toContain(':focus-visible');
        expect(block.css.replace(/var\([^()]*\)/g, '')).not.toMatch(/#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/i);
        return;
      }
      expect(block.css).toContain('var(--db-fg,');
      expect(block.css).toMatch(/var\(--db-accent,/);
      expect(block.css).toMatch(/:focus-visible/);
    });

    it('imports three.js only the way the frame provides it, and keeps 3D scenes small', () => {
      const imports = [...block.js.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
      for (const source of imports)
        expect(['three', 'three/addons/controls/OrbitControls.js', 'kit']).toContain(source);
      if (block.js.includes('window.stage.mount(')) {
        expect(imports).toEqual(['three', 'three/addons/controls/OrbitControls.js']);
        expect(Buffer.byteLength(block.js)).toBeLessThan(6 * 1024);
        expect(block.js).toContain('stage.onDispose(');
        expect(block.html).toMatch(/<input[^>]+type="range"/);
      }
      if (onKitStage(block.js)) {
        // three.js comes from the stage, which owns renderer, controls, loop and disposal: the scene imports the
        // kit alone and builds none of them itself.
        expect(imports).toEqual(['kit']);
        expect(block.js).not.toMatch(
          /window\.stage|requestAnimationFrame|WebGLRenderer|OrbitControls|\.dispose\(|from 'three/,
        );
        expect(Buffer.byteLength(block.js)).toBeLessThan(4 * 1024);
        // The kit's `.stage` sizes and themes the canvas before the script runs; the scene has a label and a control.
        expect(block.html).toMatch(/<canvas class="stage"[^>]* aria-label="[^"]+"/);
        expect(block.html).toMatch(/<input[^>]+type="range"/);
      }
    });
  },
);

describe('demo edit entries', () => {
  // Each edit is written against the widget its `edits` text names; applied alone or after any other edit
  // of the same widget (a user edits in any order), every hunk must still match.
  const base = widgetEntries.map(({ entry, text }) => ({ entry, text }));
  const stored = (entry: (typeof demoCatalogue)[number], messageId: string, lookup: EditableWidgetLookup) => {
    // Filled as the demo fills it, from the widget the conversation quotes (its latest revision).
    const latest = lookup('w1')?.latest;
    const values = demoReplyValues({
      userText: '',
      ...(latest === undefined ? {} : { quoted: { id: 'w1', text: formatWidgetWireText(latest) } }),
    });
    const reply = fillPlaceholders(readFileSync(entry.file, 'utf8'), values);
    let next = 0;
    const assembler = new AssistantMessageAssembler({
      messageId,
      createId: () => `${messageId}-${++next}`,
      editableWidgets: lookup,
    });
    const events = [...assembler.push(reply), ...assembler.end()];
    // Prose after a finished widget opens a segment of its own: the widget is in the segment before it. Folded
    // as the server stores it: an edit continues its base.
    const fold = replyEventReducer(assembler.widgetBases);
    const segments = replySegments(events.reduce(fold, emptyReplyMessage(messageId)));
    return { widget: segments.findLast((segment) => segment.widget !== undefined)?.widget };
  };

  it('has several edits, each of a widget some entry draws', () => {
    expect(editEntries.length).toBeGreaterThanOrEqual(4);
    for (const entry of editEntries) expect(base.some(({ text }) => text.includes(entry.edits!))).toBe(true);
  });

  it.each(widgetEntries.map(({ entry }) => entry))(
    '"make it dark" applies to the $id widget',
    (widgetEntry) => {
      const darken = demoCatalogue.find((entry) => entry.id === 'dark-theme')!;
      const first = stored(widgetEntry, 'm1', () => undefined).widget!;
      const dark = stored(darken, 'm2', (id) =>
        id === 'w1' ? { lineageId: 'w1', latest: first, number: 1 } : undefined,
      ).widget!;
      expect(dark.revision).toEqual({ of: 'w1', number: 2, baseId: first.id });
      expect(dark.css).toContain(':root[data-theme]{\n  color-scheme:dark;');
      // Only the styles change: the script the frame already runs stays, so what the user did in it stays.
      expect(dark.html).toBe(first.html);
      expect(dark.js).toBe(first.js);
    },
  );

  it.each(editEntries)('$id applies cleanly alone and after every other edit', (entry) => {
    const original = base.find(({ text }) => text.includes(entry.edits!))!;
    const first = stored(original.entry, 'm1', () => undefined).widget!;
    const lookupOf =
      (latest: GeneratedWidget, number: number): EditableWidgetLookup =>
      (id) =>
        id === 'w1' ? { lineageId: 'w1', latest, number } : undefined;
    const alone = stored(entry, 'm2', lookupOf(first, 1)).widget!;
    expect(alone.revision).toEqual({ of: 'w1', number: 2, baseId: first.id });
    expect(alone.complete).toBe(true);
    // The edits of the same widget, and the edits of any widget ("make it dark"), in either order.
    const appliesToAny = (candidate: (typeof demoCatalogue)[number]) =>
      original.text.includes(candidate.edits!) && !candidate.edits!.includes('data-demo');
    for (const other of editEntries.filter(
      (candidate) => candidate !== entry && (candidate.edits === entry.edits || appliesToAny(candidate)),
    )) {
      const between = stored(other, 'm2', lookupOf(first, 1)).widget!;
      const after = stored(entry, 'm3', lookupOf(between, 2)).widget!;
      expect(after.revision, `${entry.id} after ${other.id}`).toEqual({
        of: 'w1',
        number: 3,
        baseId: between.id,
      });
    }
  });

  it('"bigger" makes the counter\'s number bigger: its rule comes after the rule it overrides', () => {
    const counter = widgetEntries.find(({ entry }) => entry.id === 'counter')!.entry;
    const first = stored(counter, 'm1', () => undefined).widget!;
    const bigger = stored(demoCatalogue.find((entry) => entry.id === 'counter-bigger')!, 'm2', (id) =>
      id === 'w1' ? { lineageId: 'w1', latest: first, number: 1 } : undefined,
    ).widget!;
    // Rules of equal specificity: the one written last sets the size the number is drawn at.
    const sizes = [...bigger.css.matchAll(/^\.tally output\{[^}]*font-size:(\d+)px/gm)].map(
      (match) => match[1],
    );
    expect(sizes.at(-1)).toBe('88');
  });
});
