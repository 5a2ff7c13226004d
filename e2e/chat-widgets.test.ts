import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  type OpenedPage,
  openAppPage,
  sendChatMessage,
  startAppServer,
  waitForWidgetFrame,
} from './support/app-server.ts';

const replayFile = fileURLToPath(new URL('./fixtures/three-scene.txt', import.meta.url));

describe('a 3D widget streams into the chat', () => {
  let server: AppServer;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAppServer({ model: { replayFile }, pace: 500 });
    opened = await openAppPage(server.url);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it('draws non-blank pixels on a canvas that stays the same node while later chunks arrive', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'Show me a cube');
    const frame = await waitForWidgetFrame(page);
    // Tag the canvas as soon as the morph created it, while the legend is still streaming.
    await frame.waitForSelector('#scene-canvas', { state: 'attached', timeout: 20_000 });
    const phaseWhileTagging = await page.locator('.db-widget-card__phase').textContent();
    await frame.evaluate(() => {
      (document.querySelector('#scene-canvas') as HTMLCanvasElement & { streamTag?: string }).streamTag =
        'first';
    });
    expect(phaseWhileTagging).toMatch(/building markup|styling|starting/);

    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    const canvasFacts = await frame.evaluate(() => {
      const canvas = document.querySelector('#scene-canvas') as HTMLCanvasElement & { streamTag?: string };
      const stage = (
        window as unknown as {
          testStage: {
            renderer: { render(s: unknown, c: unknown): void; getContext(): WebGLRenderingContext };
            scene: unknown;
            camera: unknown;
          };
        }
      ).testStage;
      // Read back in the same task as a render: the drawing buffer is not yet cleared for compositing.
      stage.renderer.render(stage.scene, stage.camera);
      const gl = stage.renderer.getContext();
      const width = gl.drawingBufferWidth;
      const height = gl.drawingBufferHeight;
      const pixels = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      const colours = new Set<number>();
      let lit = 0;
      for (let offset = 0; offset < pixels.length; offset += 4) {
        const red = pixels[offset] ?? 0;
        const green = pixels[offset + 1] ?? 0;
        const blue = pixels[offset + 2] ?? 0;
        colours.add((red << 16) | (green << 8) | blue);
        if (blue > 80 && blue > red) {
          lit += 1;
        }
      }
      return {
        sameNode: canvas.streamTag === 'first',
        canvasCount: document.querySelectorAll('canvas').length,
        colours: colours.size,
        litShare: lit / (width * height),
      };
    });
    expect(canvasFacts.sameNode).toBe(true);
    expect(canvasFacts.canvasCount).toBe(1);
    expect(canvasFacts.colours).toBeGreaterThan(10);
    expect(canvasFacts.litShare).toBeGreaterThan(0.02);
    await expect.poll(() => page.locator('.db-widget-card__phase').count()).toBe(0);
    expect(await page.locator('.db-message--assistant .prose').last().textContent()).toContain(
      'spins on its own',
    );
  });

  it('restores the transcript, prose and widget, after a reload', async () => {
    const { page } = opened;
    await page.locator('.db-run-status__done').waitFor({ timeout: 20_000 });
    expect(page.url()).toMatch(/#\/t\/[A-Za-z0-9_-]+$/);
    await page.reload();
    await page.locator('.message--user').first().waitFor();
    expect(await page.locator('.message--user').textContent()).toContain('Show me a cube');
    expect(await page.locator('.db-message--assistant .prose').first().textContent()).toContain('3D scene');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    const frame = await waitForWidgetFrame(page);
    expect(await frame.locator('#scene-canvas').count()).toBe(1);
    expect(await frame.locator('.legend__item').count()).toBe(40);
    expect(await page.locator('.thread--active').count()).toBe(1);
    expect(opened.pageErrors).toEqual([]);
  });
});
