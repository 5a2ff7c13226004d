// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { MarkupScheduler } from './markup-scheduler.ts';

/** A scheduler whose animation frames the test runs. */
function scheduler() {
  const root = document.createElement('div');
  const frames: Array<() => void> = [];
  const frameWindow = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
  } as unknown as Window;
  let applied = 0;
  const markup = new MarkupScheduler({ root, window: frameWindow, onApplied: () => (applied += 1) });
  return {
    root,
    markup,
    runFrames: () => {
      for (const callback of frames.splice(0)) callback();
    },
    applied: () => applied,
  };
}

describe('MarkupScheduler', () => {
  it('builds streamed markup once per animation frame', () => {
    const { root, markup, runFrames } = scheduler();
    markup.append('<p id="a">one');
    markup.append(' two</p>');
    expect(root.innerHTML).toBe('');
    runFrames();
    expect(root.innerHTML).toBe('<p id="a">one two</p>');
  });

  it('collects an edit of drawn markup and patches it in when the part is complete, keeping what it did not change', () => {
    const { root, markup, runFrames } = scheduler();
    markup.append('<h2>Tally</h2><output id="count">0</output>');
    markup.finish();
    runFrames();
    const count = root.querySelector('#count')!;
    count.textContent = '3';
    markup.replace('<h2>Laps</h2>');
    markup.append('<output id="count">0</output>');
    runFrames();
    // Still the widget as it was while the edited markup streams.
    expect(root.querySelector('h2')!.textContent).toBe('Tally');
    markup.settle();
    expect(root.innerHTML).toBe('<h2>Laps</h2><output id="count">3</output>');
    expect(root.querySelector('#count')).toBe(count);
  });

  it('builds an edit of a widget with nothing drawn yet as it streams', () => {
    const { root, markup, runFrames } = scheduler();
    markup.replace('<p>fresh');
    expect(root.innerHTML).toBe('<p>fresh</p>');
    markup.append(' start</p>');
    runFrames();
    expect(root.innerHTML).toBe('<p>fresh start</p>');
  });

  it('settles a pending edit when the widget ends, and patches a later edit against the first', () => {
    const { root, markup } = scheduler();
    markup.replace('<p id="x">one</p>');
    markup.finish();
    const paragraph = root.querySelector('#x');
    markup.replace('<p id="x">two</p>');
    markup.finish();
    markup.replace('<p id="x">three</p><p>more</p>');
    markup.finish();
    expect(root.innerHTML).toBe('<p id="x">three</p><p>more</p>');
    expect(root.querySelector('#x')).toBe(paragraph);
  });

  it('applies hunks to the markup the live DOM was built from and patches them in together when the edit moves on', () => {
    const { root, markup, runFrames } = scheduler();
    markup.append('<h2>Tally</h2><output id="count">0</output><p>note</p>');
    markup.finish();
    runFrames();
    const count = root.querySelector('#count')!;
    count.textContent = '3';
    markup.patch('<h2>Tally</h2>', '<h2>Laps</h2>');
    markup.patch('<p>note</p>', '<p>note</p><button id="reset">Reset</button>');
    // Still the widget as it was until the edit moves on.
    expect(root.querySelector('h2')!.textContent).toBe('Tally');
    markup.settle();
    expect(root.innerHTML).toBe(
      '<h2>Laps</h2><output id="count">3</output><p>note</p><button id="reset">Reset</button>',
    );
    expect(root.querySelector('#count')).toBe(count);
    // A later hunk applies to the edited markup, not to the first build.
    markup.patch('Reset', 'Zero');
    markup.finish();
    expect(root.querySelector('#reset')!.textContent).toBe('Zero');
    expect(root.querySelector('#count')).toBe(count);
  });

  it('changes nothing for a hunk whose search text is not in the markup', () => {
    const { root, markup } = scheduler();
    markup.append('<p>a</p>');
    markup.finish();
    markup.patch('<p>b</p>', '<p>c</p>');
    markup.settle();
    expect(root.innerHTML).toBe('<p>a</p>');
  });
});
