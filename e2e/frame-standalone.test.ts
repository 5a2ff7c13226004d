import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { frameDistributionFiles, renderStandaloneHtml } from '@drawbridge/frame';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type CanaryServers, startCanaryServers } from './support/canary-servers.ts';

/** The widget's own document, as the shell's sandboxed `srcdoc` frame holds it. */
function widgetDocumentOf(html: string): string {
  const srcdoc = /<iframe sandbox="allow-scripts allow-forms"[^>]* srcdoc="([^"]*)"/.exec(html)?.[1];
  if (srcdoc === undefined) throw new Error('The export has no sandboxed widget frame.');
  return srcdoc.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
}

const cubeWidget = {
  css: '.scene{border:1px solid var(--db-border)} h3{color:var(--db-accent)}',
  html: '<div class="scene"><h3>Exported cube</h3><canvas width="320" height="200"></canvas><script>window.leaked = true</script><a id="out" href="https://example.org">link</a></div>',
  js: `import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
const stage = window.stage.mount({ THREE, OrbitControls, canvas: document.querySelector('canvas') });
stage.add(new THREE.Mesh(new THREE.BoxGeometry(1.6, 1.6, 1.6), new THREE.MeshStandardMaterial({ color: 0xff7a3d })));
window.widgetStage = stage;
window.hostAnswer = await window.host.sendPrompt('hi').then(() => 'sent', (error) => error.message);`,
  height: 260,
};

let browser: Browser;
let canary: CanaryServers;
let directory: string;
let runtimeSource: string;
let threeBundleSource: string;
let kitBundleSource: string;

beforeAll(async () => {
  browser = await launchBrowser();
  canary = await startCanaryServers();
  directory = await mkdtemp(join(tmpdir(), 'drawbridge-standalone-'));
  [runtimeSource, threeBundleSource, kitBundleSource] = await Promise.all([
    readFile(frameDistributionFiles.runtime, 'utf8'),
    readFile(frameDistributionFiles.threeBundle, 'utf8'),
    readFile(frameDistributionFiles.kit, 'utf8'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await canary?.close();
  if (directory !== undefined) await rm(directory, { recursive: true, force: true });
});

describe('a standalone export', () => {
  it('renders a 3D widget from a file:// URL, with three.js inlined as a data: module', async () => {
    const html = renderStandaloneHtml({
      widget: cubeWidget,
      runtimeSource,
      threeBundleSource,
      title: 'Cube <1>',
    });
    const file = join(directory, 'cube.html');
    await writeFile(file, html);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    expect(await page.title()).toBe('Cube <1>');
    const widgetFrame = page.frames().find((frame) => frame !== page.mainFrame());
    if (widgetFrame === undefined) throw new Error('The export shows no widget frame.');
    await widgetFrame.waitForFunction(
      () => (window as unknown as { hostAnswer?: string }).hostAnswer !== undefined,
    );
    const result = await widgetFrame.evaluate(() => {
      const realm = window as unknown as {
        widgetStage: {
          renderer: { render(scene: unknown, camera: unknown): void; getContext(): WebGLRenderingContext };
          scene: unknown;
          camera: unknown;
        };
        hostAnswer: string;
        leaked?: boolean;
      };
      realm.widgetStage.renderer.render(realm.widgetStage.scene, realm.widgetStage.camera);
      const gl = realm.widgetStage.renderer.getContext();
      const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
      gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      let opaque = 0;
      for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) opaque++;
      return {
        opaque,
        title: document.title,
        heading: document.querySelector('h3')?.textContent,
        hostAnswer: realm.hostAnswer,
        leaked: realm.leaked ?? false,
        scripts: document.querySelectorAll('#widget-root script').length,
      };
    });
    await page.close();
    expect(errors).toEqual([]);
    expect(result.opaque).toBeGreaterThan(1000);
    expect(result).toMatchObject({
      title: 'Cube <1>',
      heading: 'Exported cube',
      hostAnswer: 'This widget is not inside Drawbridge, so it cannot reach the chat.',
      leaked: false,
      scripts: 0,
    });
  });

  it('includes three.js only when the script imports it', () => {
    const plain = renderStandaloneHtml({
      widget: {
        css: '',
        html: '<p>hi</p>',
        js: 'document.querySelector("p").textContent = "ok";',
        height: null,
      },
      runtimeSource,
      threeBundleSource,
      title: 'Plain',
    });
    const withThree = renderStandaloneHtml({
      widget: cubeWidget,
      runtimeSource,
      threeBundleSource,
      title: 'Cube',
    });
    expect(widgetDocumentOf(plain)).not.toContain('importmap');
    expect(plain.length).toBeLessThan(runtimeSource.length * 1.5 + 5000);
    expect(widgetDocumentOf(withThree)).toContain('"three":"data:text/javascript;base64,');
  });

  const kitWidget = {
    css: '',
    html: '<section class="kit card"><h3>Exported chart</h3><div id="chart"></div></section>',
    js: `import { chart } from 'kit';
chart('#chart', { type: 'bar', title: 'Sales', labels: ['Q1', 'Q2'], series: [3, 5] });`,
    height: 320,
  };

  it('includes the kit (stylesheet and module) only when the widget uses it', () => {
    const plain = renderStandaloneHtml({
      widget: { css: '', html: '<p class="kitten">hi</p>', js: '', height: null },
      runtimeSource,
      threeBundleSource,
      kitBundleSource,
      title: 'Plain',
    });
    const onKit = renderStandaloneHtml({
      widget: kitWidget,
      runtimeSource,
      threeBundleSource,
      kitBundleSource,
      title: 'Kit',
    });
    expect(widgetDocumentOf(plain)).not.toContain(':where(.kit');
    expect(widgetDocumentOf(plain)).not.toContain('importmap');
    expect(widgetDocumentOf(onKit)).toContain(':where(.kit,.kit *)');
    expect(widgetDocumentOf(onKit)).toContain('"kit":"data:text/javascript;base64,');
    expect(widgetDocumentOf(onKit)).not.toContain('"three"');
  });

  it('renders a kit widget from a file:// URL, the kit inlined as a data: module', async () => {
    const file = join(directory, 'kit.html');
    await writeFile(
      file,
      renderStandaloneHtml({
        widget: kitWidget,
        runtimeSource,
        threeBundleSource,
        kitBundleSource,
        title: 'Kit',
      }),
    );
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    const widgetFrame = page.frames().find((frame) => frame !== page.mainFrame());
    if (widgetFrame === undefined) throw new Error('The export shows no widget frame.');
    await widgetFrame.locator('#chart .ct-bar').first().waitFor({ state: 'attached' });
    expect(await widgetFrame.locator('#chart .ct-bar').count()).toBe(2);
    expect(await widgetFrame.locator('#chart table caption').textContent()).toBe('Sales');
    expect(
      await widgetFrame.locator('section.kit').evaluate((section) => getComputedStyle(section).paddingTop),
    ).toBe('16px');
    await page.close();
    expect(errors).toEqual([]);
  });

  it("renders a 3D widget on the kit's stage from a file:// URL: three.js comes along, the stage calls it", async () => {
    const stageWidget = {
      css: '',
      html: '<figure class="kit" style="margin:0"><canvas class="stage" aria-label="A cube"></canvas><output id="frames">0</output></figure>',
      js: `import { fail, stage } from 'kit';
try {
  const view = await stage('canvas');
  view.add(new view.THREE.Mesh(new view.THREE.BoxGeometry(), new view.THREE.MeshStandardMaterial()));
  let frames = 0;
  view.onFrame(() => (document.querySelector('#frames').textContent = String(++frames)));
} catch (error) {
  fail(error);
}`,
      height: 380,
    };
    const html = renderStandaloneHtml({
      widget: stageWidget,
      runtimeSource,
      threeBundleSource,
      kitBundleSource,
      title: 'Stage',
    });
    expect(widgetDocumentOf(html)).toContain('"three":"data:text/javascript;base64,');
    // A kit widget without the stage does not carry three.js (checked above); this one must.
    const file = join(directory, 'stage.html');
    await writeFile(file, html);
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    const widgetFrame = page.frames().find((frame) => frame !== page.mainFrame());
    if (widgetFrame === undefined) throw new Error('The export shows no widget frame.');
    await expect
      .poll(async () => Number(await widgetFrame.locator('#frames').textContent()))
      .toBeGreaterThan(1);
    expect(await widgetFrame.locator('.alert').count()).toBe(0);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('shows markup holding <!-- and keeps a hostile widget inside its sandbox when opened from disk', async () => {
    const outside = `${canary.httpOrigin}/standalone`;
    const html = renderStandaloneHtml({
      widget: {
        css: '',
        html: '<!-- a comment the model wrote --><p id="after">visible after the comment</p>',
        js: `window.open('${outside}-popup');
try { top.location.href = '${outside}-top'; } catch {}
fetch('${outside}-fetch').catch(() => {});
const after = document.getElementById('after');
after.addEventListener('click', () => { location.href = '${outside}-self'; });
after.dataset.ran = 'yes';`,
        height: 120,
      },
      runtimeSource,
      threeBundleSource,
      title: 'Hostile export',
    });
    const file = join(directory, 'hostile.html');
    await writeFile(file, html);
    const page = await browser.newPage();
    const popups: string[] = [];
    page.on('popup', (popup) => popups.push(popup.url()));
    await page.goto(pathToFileURL(file).href);
    const widgetFrame = page.frames().find((frame) => frame !== page.mainFrame());
    await widgetFrame?.locator('#after[data-ran="yes"]').waitFor({ timeout: 10_000 });
    expect(await widgetFrame?.locator('#after').textContent()).toBe('visible after the comment');
    await widgetFrame?.locator('#after').click();
    // The self-navigation is refused by the shell's frame-src: the frame ends on the browser's error page.
    await expect.poll(() => widgetFrame?.url() ?? '', { timeout: 10_000 }).toContain('chrome-error://');
    expect(page.url()).toBe(pathToFileURL(file).href);
    expect(popups).toEqual([]);
    await fetch(`${canary.httpOrigin}/after-export`);
    await expect.poll(() => canary.hitsFor('after-export').length).toBe(1);
    expect(canary.hitsFor('standalone')).toEqual([]);
    await page.close();
  });
});
