/**
 * The kit's stylesheet, in every widget document after the theme: a small class vocabulary a widget opts into
 * with `class="kit"` on its root, so a widget can say "a card with a stat row and a primary button" in a few
 * class names instead of a page of CSS written before its first markup.
 *
 * Every rule applies only to the `.kit` element and what is inside it, through `:where(.kit,.kit *)`, which adds
 * no specificity: a widget's own `.root .card` rule, coming later in `#widget-css`, wins, and a widget without the
 * `kit` class is styled exactly as before the kit. (`§` below stands for that scope.)
 * Colours come from the theme variables (`--db-*`) plus a few of the kit's own (`--kit-*`) that the dark theme
 * redefines; text colours meet 4.5:1 on the surfaces they are used on in both themes.
 */
export const frameKitCss = `
:root{--kit-on-accent:#fff;--kit-accent-strong:#2f5bd8;--kit-bad:#c0262d;--kit-bad-bg:#fdecec;--kit-ok:#1f7a44;--kit-ok-bg:#e6f4ea;
--kit-warn:#8a5a00;--kit-warn-bg:#fff4d6;--kit-c1:#3b6cf6;--kit-c2:#e8590c;--kit-c3:#2b8a3e;--kit-c4:#ae3ec9;--kit-c5:#c2255c;--kit-c6:#0b7285}
:root[data-theme="dark"]{--kit-on-accent:#0d1424;--kit-accent-strong:#7d9cff;--kit-bad:#ff8a8a;--kit-bad-bg:#3a1d22;--kit-ok:#6fd59a;
--kit-ok-bg:#173325;--kit-warn:#ffcf66;--kit-warn-bg:#3a2f12;--kit-c1:#7d9cff;--kit-c2:#ff922b;--kit-c3:#51cf66;--kit-c4:#da77f2;--kit-c5:#f06595;--kit-c6:#3bc9db}
.kit{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--db-fg)}
[hidden]§{display:none!important}
:is(h1,h2,h3,h4)§{margin:0;line-height:1.25}
h2§{font-size:18px}h3§{font-size:16px}h4§{font-size:14px}
p§{margin:0}
.muted§{color:var(--db-muted);font-size:13px}
:focus-visible§{outline:2px solid var(--db-accent);outline-offset:2px}
.card§{padding:16px;border:1px solid var(--db-border);border-radius:14px}
.panel§{padding:12px;border:1px solid var(--db-border);border-radius:10px;background:var(--db-surface)}
.stack§{display:flex;flex-direction:column;gap:12px}
.row§{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.spread§{justify-content:space-between}
.grid§{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(var(--min,160px),100%),1fr));gap:12px}
.wide§{grid-column:1/-1}
.grow§{flex:1 1 0;min-width:0}
:is(button,.button)§{font:inherit;display:inline-flex;align-items:center;justify-content:center;gap:6px;padding:7px 14px;border-radius:8px;border:1px solid var(--db-border);background:var(--db-surface);color:var(--db-fg);cursor:pointer;text-decoration:none}
button:hover:not(:disabled)§{border-color:var(--db-muted)}
button:disabled§{opacity:.55;cursor:not-allowed}
button[aria-pressed="true"]§{border-color:var(--db-accent);box-shadow:inset 0 0 0 1px var(--db-accent)}
.primary§{background:var(--kit-accent-strong);border-color:var(--kit-accent-strong);color:var(--kit-on-accent);font-weight:600}
.primary:hover:not(:disabled)§{border-color:var(--db-fg)}
.segmented§{display:flex;flex-wrap:wrap;gap:6px}
.segmented>[aria-checked="true"]§{background:var(--kit-accent-strong);border-color:var(--kit-accent-strong);color:var(--kit-on-accent)}
.ghost§{background:transparent;border-color:transparent}
.danger§{color:var(--kit-bad)}
:is(label,legend)§{font-weight:600;font-size:13px}
.field§{display:flex;flex-direction:column;gap:4px;min-width:0}
:is(input:not([type=checkbox],[type=radio],[type=range],[type=color]),select,textarea)§{font:inherit;width:100%;padding:7px 10px;border-radius:8px;border:1px solid var(--db-border);background:var(--db-surface);color:var(--db-fg)}
textarea§{min-height:64px;resize:vertical}
fieldset§{margin:0;padding:0;border:0;min-width:0}
:is(input,select,textarea)[aria-invalid="true"]§{border-color:var(--kit-bad)}
input§{accent-color:var(--db-accent)}
.check§{display:inline-flex;align-items:center;gap:6px;padding:5px 12px;border:1px solid var(--db-border);border-radius:999px;font-weight:400;cursor:pointer}
.check:has(input:checked)§{border-color:var(--db-accent);background:color-mix(in srgb,var(--db-accent) 12%,transparent)}
.check input§{margin:0}
.slider§{display:flex;align-items:center;gap:10px}
.slider input§{flex:1 1 auto;min-width:80px}
output§{font-variant-numeric:tabular-nums;min-width:3ch}
.error§{display:block;color:var(--kit-bad);font-size:12px}
.alert§{padding:8px 12px;border-radius:8px;background:var(--kit-bad-bg);color:var(--kit-bad)}
.alert ul§{margin:4px 0 0;padding-left:18px}
.alert a§{color:inherit}
.note§{padding:8px 12px;border-radius:8px;background:var(--kit-ok-bg);color:var(--kit-ok)}
.stats§{display:flex;flex-wrap:wrap;gap:8px 20px;margin:0}
.stats>*§{min-width:0}
:is(.stats dt,.stat-label)§{color:var(--db-muted);font-size:12px}
.stats dd§{margin:0;font-size:20px;font-weight:650;font-variant-numeric:tabular-nums}
.tiles§{display:grid;grid-template-columns:repeat(auto-fit,minmax(110px,1fr));gap:8px}
.tiles>*§{padding:10px 12px;border-radius:10px;background:var(--db-surface)}
.up§{color:var(--kit-ok)}.down§{color:var(--kit-bad)}
.badge§{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;background:var(--db-surface);border:1px solid var(--db-border)}
.badge.ok§{background:var(--kit-ok-bg);color:var(--kit-ok);border-color:transparent}
.badge.warn§{background:var(--kit-warn-bg);color:var(--kit-warn);border-color:transparent}
.badge.bad§{background:var(--kit-bad-bg);color:var(--kit-bad);border-color:transparent}
table§{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th§{text-align:left;font-size:12px;font-weight:600;color:var(--db-muted)}
:is(th,td)§{padding:6px 8px;border-bottom:1px solid var(--db-border)}
.num§{text-align:right}
.cells§{display:grid;grid-template-columns:repeat(var(--columns),1fr);gap:8px}
.cell§{aspect-ratio:1;padding:0}
.cell[aria-disabled="true"]§{cursor:default}
.checklist§{display:grid;gap:6px;margin:0;padding:0;list-style:none}
.checklist label§{display:flex;gap:8px;align-items:flex-start;font:inherit}
.checklist input§{margin:3px 0 0}
.checklist :checked~*§{text-decoration:line-through;color:var(--db-muted)}
details§{padding:0 14px;border:1px solid var(--db-border);border-radius:12px;background:var(--db-surface)}
details[open]§{padding-bottom:12px}
summary§{margin:0 -14px;padding:10px 14px;cursor:pointer;font-weight:600}
.table-scroll§{overflow-x:auto}
.table-filter§{margin-bottom:12px}
th .sort§{padding:2px 0;white-space:nowrap;border:0;background:none;color:inherit;font-weight:inherit;text-transform:uppercase;letter-spacing:.03em}
th[aria-sort] .sort§{color:var(--kit-accent-strong)}
th .arrow§{opacity:.35;font-size:10px}
th[aria-sort] .arrow§{opacity:1}
:is(tbody tr:hover,tr[aria-selected="true"])§{background:var(--db-surface)}
.selectable tbody tr§{cursor:pointer}
tr[aria-selected="true"]§{box-shadow:inset 3px 0 var(--db-accent)}
.legend§{display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0;list-style:none;color:var(--db-muted);font-size:12px}
.legend>*§::before{content:"";display:inline-block;width:10px;height:10px;margin-right:6px;border-radius:3px;vertical-align:-1px;background:var(--c,var(--db-accent))}
.legend>.dashed§::before{height:0;width:16px;border-top:2px dashed var(--c,var(--db-muted));background:none;vertical-align:3px}
.sr-only§{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.stage§{display:block;width:100%;height:var(--h,360px);border-radius:14px;background:var(--db-surface);box-shadow:inset 0 0 0 1px var(--db-border);touch-action:none}
.chart§{position:relative;border-radius:8px}
.chart .legend§{margin-top:8px}
.ct-box§{height:var(--h,240px)}
.ct-box svg§{display:block;overflow:visible}
.ct-label§{color:var(--db-muted);font-size:11px;line-height:1;display:flex}
.ct-label.ct-horizontal.ct-end§{justify-content:center;align-items:flex-start;white-space:nowrap}
.ct-chart-line .ct-label.ct-horizontal.ct-end§{transform:translateX(-50%)}
.ct-label.ct-vertical.ct-start§{justify-content:flex-end;align-items:center}
.ct-horizontal-bars .ct-label.ct-horizontal.ct-end§{justify-content:flex-start}
.ct-grid§{stroke:var(--db-border);stroke-width:1px}
.ct-series§{--c:var(--kit-c1)}
.ct-series-b§{--c:var(--kit-c2)}.ct-series-c§{--c:var(--kit-c3)}.ct-series-d§{--c:var(--kit-c4)}
.ct-series-e§{--c:var(--kit-c5)}.ct-series-f§{--c:var(--kit-c6)}
:is(.ct-line,.ct-point,.ct-bar,.ct-slice-donut)§{stroke:var(--c)}
:is(.ct-area,.ct-slice-pie)§{fill:var(--c)}
.ct-line§{fill:none;stroke-width:2.5px;stroke-linejoin:round}
.ct-line.dashed§{stroke-width:1.5px;stroke-dasharray:4 4}
.ct-area§{stroke:none;fill-opacity:.16}
.ct-point§{stroke-width:7px;stroke-linecap:round}
.chart:not(.scatter) .ct-point:not(.active)§{stroke-width:0}
.ct-point.active§{stroke-width:11px}
.ct-bar§{stroke-width:var(--bar,16px)}
:is(.ct-bar,.ct-slice-pie,.ct-slice-donut).active§{filter:brightness(1.15) saturate(1.1)}
.ct-slice-pie§{stroke:var(--db-surface);stroke-width:1.5px}
.ct-slice-donut§{fill:none;stroke-width:var(--donut,36px)}
.guide§{stroke:var(--db-muted);stroke-dasharray:2 3}
:where(.chart)>.tip§{position:absolute;top:0;left:0;z-index:1;pointer-events:none;padding:6px 10px;border-radius:8px;background:var(--db-fg);color:var(--db-surface);font-size:12px;white-space:nowrap;box-shadow:0 4px 14px rgba(0,0,0,.18)}
`
  .trim()
  .replaceAll('§', ':where(.kit,.kit *)');
