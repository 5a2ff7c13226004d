import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { continuationRequest } from '../../history/continuation-request.ts';
import type { ModelScript } from '../script/model-script.ts';
import { continueDemoScript, continuedTurn } from './continue-demo-script.ts';

const reply =
  'Here is a counter.\n@@HEIGHT:200@@\n@@CSS@@\np{}\n@@HTML@@\n<p>0</p>\n@@JS@@\nlet n=0;\n@@END@@\nTap it.';
const textScript = (text: string): ModelScript => ({ steps: [{ parts: [{ type: 'text', text }] }] });
const textOf = (script: ModelScript) =>
  script.steps.flatMap((step) => step.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])));

describe('continueDemoScript', () => {
  it('plays the rest of the prose after what was kept', () => {
    const continued = continueDemoScript({
      script: textScript(reply),
      keptText: 'Here is a co',
      cutWidget: false,
    });
    expect(textOf(continued)).toEqual([reply.slice('Here is a co'.length)]);
  });

  it('writes a cut widget again from its start, then the rest', () => {
    const continued = continueDemoScript({
      script: textScript(reply),
      keptText: 'Here is a counter.\n@@CSS@@\np{}\n@@HTML@@\n<p>',
      cutWidget: true,
    });
    expect(textOf(continued)).toEqual([reply.slice(reply.indexOf('@@HEIGHT'))]);
  });

  it('plays what follows a widget the kept reply holds whole', () => {
    const continued = continueDemoScript({
      script: textScript(reply),
      keptText:
        'Here is a counter.\n@@HEIGHT:200@@\n@@CSS@@\np{}\n@@HTML@@\n<p>0</p>\n@@JS@@\nlet n=0;\n@@END@@',
      cutWidget: false,
    });
    expect(textOf(continued)).toEqual(['\nTap it.']);
  });

  it('plays a reply of tool calls, or one the kept text does not start, again whole', () => {
    const toolScript: ModelScript = {
      steps: [{ parts: [{ type: 'tool-call', toolName: 'render_table', input: {} }] }, { parts: [] }],
    };
    expect(continueDemoScript({ script: toolScript, keptText: 'x', cutWidget: false })).toBe(toolScript);
    const script = textScript(reply);
    expect(continueDemoScript({ script, keptText: 'Something else', cutWidget: false })).toBe(script);
  });
});

describe('continuedTurn', () => {
  it("reads the user's message before the request and the reply kept since", () => {
    const prompt: LanguageModelV4Prompt = [
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'Show me a counter' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Here is a co' }] },
      { role: 'user', content: [{ type: 'text', text: continuationRequest({ cutWidget: false }) }] },
    ];
    expect(continuedTurn(prompt)).toEqual({ userText: 'Show me a counter', keptText: 'Here is a co' });
  });
});
