/** Where `npm run build` writes the frame's files (file URLs; read them with `node:fs`). */
export const frameDistributionFiles = {
  /** The bootstrap document served at `/frame`. */
  bootstrapHtml: new URL('../dist/frame.html', import.meta.url),
  /** The runtime served at `/frame/runtime.js` and inlined into standalone exports. */
  runtime: new URL('../dist/runtime.js', import.meta.url),
  /** The kit's script module (charts, form helpers) served at `/frame/kit.js` and inlined into exports that import it. */
  kit: new URL('../dist/kit.js', import.meta.url),
  /** The `show_widget` view for MCP hosts, inlined into `ui://drawbridge/widget.html`. */
  mcpAppView: new URL('../dist/mcp-app-view.js', import.meta.url),
  /** three.js plus `OrbitControls` as a classic script defining `globalThis.__drawbridgeThree`, for MCP views. */
  threeGlobal: new URL('../dist/three-global.js', import.meta.url),
  /** The kit's script module as a classic script defining `globalThis.__drawbridgeKit`, for MCP views. */
  kitGlobal: new URL('../dist/kit-global.js', import.meta.url),
  /** three.js plus `OrbitControls` as one ES module, for standalone exports. */
  threeBundle: new URL('../dist/three-bundle.js', import.meta.url),
};
